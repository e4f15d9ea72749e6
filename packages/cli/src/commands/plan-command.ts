import { EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { printJson } from '../print-task.ts';
import { orchestratorOf } from './orchestrator-call.ts';

export const PLAN_HELP = `baton plan <goal> [--orchestrator <url>] [--json]

Asks the orchestrator (default http://127.0.0.1:4100, or BATON_ORCHESTRATOR_URL) to plan a chain for a goal from
the skills of the agents it knows (POST /plans), without running it: why, sentence by sentence, on stderr, and the
chain on stdout as JSON that POST /chains takes as it is. --json prints the whole answer. Exit 0 with a plan, 1
when no skill serves the goal (the closest are named), 3 when the orchestrator cannot be reached.
baton chain --plan <goal> [--approve] plans and runs it (--approve: a person approves the plan first).`;

interface PlanAnswer {
  readonly chain?: unknown;
  readonly topic?: string;
  readonly rationale?: readonly string[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** `baton plan <goal>`. */
export async function planCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const goal = args.join(' ').trim();
  if (goal === '') throw usage('baton plan takes a goal');
  const { call, base } = orchestratorOf(io, options, { refusals: [422] });
  const response = await call(`${base}/plans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ goal }),
  });
  const answer = (await response.json()) as PlanAnswer;
  if (options.json) printJson(io, answer);
  if (answer.error !== undefined) {
    if (!options.json) io.stderr.write(`baton: ${answer.error.message}\n`);
    return EXIT.taskFailed;
  }
  if (!options.json) {
    io.stderr.write(`topic: ${answer.topic ?? ''}\n`);
    for (const line of answer.rationale ?? []) io.stderr.write(`- ${line}\n`);
    io.stdout.write(`${JSON.stringify(answer.chain, null, 2)}\n`);
  }
  return EXIT.ok;
}
