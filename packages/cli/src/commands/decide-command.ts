import { EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { printJson } from '../print-task.ts';
import { orchestratorOf } from './orchestrator-call.ts';

export const APPROVE_HELP = `baton approve <run-id> [--step <step>] [--comment <text>] [--artifact <json>] [--orchestrator <url>] [--json]
baton reject <run-id> [--step <step>] [--comment <text>] [--orchestrator <url>] [--json]

Decides an approval step a run waits for (default: its first pending one; --step names the step, or inside a map
or loop its instance key). --artifact approves with the artifact shown, as edited (JSON). Exit 0 once the decision
is kept, 3 when the orchestrator refuses it (nothing pending, an unknown run) or cannot be reached.`;

/** `baton approve <run-id>` and `baton reject <run-id>`. */
export const decideCommand =
  (approve: boolean) =>
  async (io: CliIo, args: readonly string[], options: CliOptions): Promise<number> => {
    const [runId] = args;
    if (runId === undefined || args.length > 1)
      throw usage(`baton ${approve ? 'approve' : 'reject'} takes one run id`);
    let artifact: unknown;
    if (options.artifact !== undefined) {
      if (!approve) throw usage('--artifact goes with baton approve');
      try {
        artifact = JSON.parse(options.artifact);
      } catch (error) {
        throw usage(`--artifact must be JSON: ${(error as Error).message}`);
      }
    }
    const { call, base } = orchestratorOf(io, options);
    const response = await call(
      `${base}/runs/${encodeURIComponent(runId)}/${approve ? 'approve' : 'reject'}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...(options.step === undefined ? {} : { step: options.step }),
          ...(options.comment === undefined ? {} : { comment: options.comment }),
          ...(artifact === undefined ? {} : { artifact }),
        }),
      },
    );
    const view = (await response.json()) as { status: string };
    if (options.json) printJson(io, view);
    else io.stdout.write(`run ${runId} ${approve ? 'approved' : 'rejected'}; it is ${view.status}\n`);
    return EXIT.ok;
  };
