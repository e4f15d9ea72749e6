/**
 * Where a binding reports failures the caller must not see: a handler that threw something other than an
 * `A2AError`, a result that could not be serialized. The caller only gets a generic InternalError.
 */
export interface BindingLogger {
  /** Reports one failure; `details` carries the original error and what the call was. */
  error(message: string, details: Readonly<Record<string, unknown>>): void;
}

/** The default logger: `console.error`, so failures are visible without any setup. */
export const consoleLogger: BindingLogger = {
  error(message, details) {
    console.error(message, details);
  },
};
