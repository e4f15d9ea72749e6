import { storeUnavailableError } from '@baton/server';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
// SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Whether `error` says the database could not be reached (as opposed to a query it refused). */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
  }
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(message)
  );
}

/** Runs a store operation, turning "the database is unreachable" into the retryable STORE_UNAVAILABLE error. */
export async function whileReachable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw storeUnavailableError(`PostgreSQL: ${reason}`, error);
  }
}

/** The SQLSTATE of a database error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
