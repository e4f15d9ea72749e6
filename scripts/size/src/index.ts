export { type BundleBytes, measureBytes, partOf } from './measure-bytes.ts';
export { renderBytesReport } from './report-bytes.ts';
