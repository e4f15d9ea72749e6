/** `pnpm --filter @baton/size report`: prints the "Bytes" section of docs/benchmarks.md. */
import { measureBytes } from './measure-bytes.ts';
import { renderBytesReport } from './report-bytes.ts';

process.stdout.write(renderBytesReport(await measureBytes()));
