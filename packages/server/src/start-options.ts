/** What `startA2AServer` takes and gives on every runtime (`@baton/server/node`, `/bun`, `/deno`). */

/** Options of `startA2AServer`. */
export interface StartOptions {
  /** Port to listen on; default 0 (any free port). */
  readonly port?: number;
  /** Address to bind; default `127.0.0.1`. */
  readonly hostname?: string;
  /** How long running tasks may take to finish on `close()` before they are canceled; default 10 s. */
  readonly shutdownDeadlineMs?: number;
}

/** A listening A2A server. */
export interface RunningA2AServer {
  /** The base URL it listens on, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections, lets running tasks finish up to the deadline, then cancels them. */
  close(): Promise<void>;
}

/** The base URL a server listening on `hostname` and `port` is reached at (an IPv6 address in brackets). */
export function listeningUrl(hostname: string, port: number): string {
  return `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
}
