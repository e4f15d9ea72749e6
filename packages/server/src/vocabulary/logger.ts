/** Where the server reports what the client must not see (executor failures and the like). */
export interface Logger {
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
  warn(message: string, details?: Readonly<Record<string, unknown>>): void;
  /** Events worth a line in a production log (a run started, a task ended); dropped by the default logger. */
  info?(message: string, details?: Readonly<Record<string, unknown>>): void;
  debug?(message: string, details?: Readonly<Record<string, unknown>>): void;
}

/** The default {@link Logger}: errors and warnings to the console, debug messages dropped. */
export const consoleLogger: Logger = {
  error: (message, details) => (details ? console.error(message, details) : console.error(message)),
  warn: (message, details) => (details ? console.warn(message, details) : console.warn(message)),
};
