/** The load generator process: runs each job it is sent (over IPC) and sends back the result. */
import type { LoadJob } from './load-job.ts';
import { runLoad } from './run-load.ts';

process.on('message', (job: LoadJob) => {
  runLoad(job).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) =>
      process.send?.({ ok: false, error: error instanceof Error ? error.stack : String(error) }),
  );
});
process.send?.({ ready: true });
