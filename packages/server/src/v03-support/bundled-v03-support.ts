import { V03_READERS } from '../jsonrpc/json-rpc-v03-readers.ts';
import { V03_OPERATIONS } from '../rest/v03-operations.ts';

/**
 * The 0.3 readers where an app ships as one bundle (`#v03-support` for Workers and browsers): there a lazy import is
 * no lazy chunk, only the bundler's module wrappers (5.7 KB more for the echo Worker), so they are imported at once.
 */
export const loadJsonRpcV03Readers = () => Promise.resolve(V03_READERS);

/** The 0.3 HTTP+JSON operations, imported at once. */
export const loadRestV03Operations = () => Promise.resolve(V03_OPERATIONS);
