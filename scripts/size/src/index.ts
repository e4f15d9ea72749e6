import { fileURLToPath } from 'node:url';

export { type BundleBytes, measureBytes, partOf } from './measure-bytes.ts';
export { renderBytesReport } from './report-bytes.ts';

/** The echo agent the Workers budget measures, as a file other scripts can bundle and run. */
export const ECHO_WORKER_ENTRY = fileURLToPath(new URL('../fixtures/echo-worker.ts', import.meta.url));
