import { createInterface } from 'node:readline/promises';
import { createParser } from 'eventsource-parser';
import { CliError, EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { printJson } from '../print-task.ts';
import { stateName } from '../task-outcome.ts';
import { type OrchestratorCall, orchestratorOf } from './orchestrator-call.ts';

export const CHAIN_HELP = `baton chain <topic> [--chain <name>] [--orchestrator <url>] [--audience <who>] [--length short|medium|long] [--sections <n>] [--json]
baton chain --plan <goal> [--approve] [--orchestrator <url>] [--json]

Runs a chain (default: outline, document, summary; --chain picks another of GET /chains) on the orchestrator (default http://127.0.0.1:4100, or
BATON_ORCHESTRATOR_URL) and follows it: each step's agent and state on stderr, then the summary and its key
points on stdout. When an agent asks something, you are asked on a terminal; so is an approval step (without a
terminal, it waits for baton approve / baton reject from elsewhere). --json prints every run event
as one JSON object per line. Exit 0 when the run completes, 1 when it fails or is canceled.
--plan reads the words as a goal: the orchestrator plans its chain from the agents' skills (see baton plan) and
runs it; --approve asks a person to approve the plan first, as an approval step (1 when no skill serves the goal).`;

interface RunEvent {
  readonly type: string;
  readonly step?: string;
  readonly state?: string;
  readonly taskId?: string;
  readonly question?: string;
  /** A step state's words from its agent ("Waiting for the model…"). */
  readonly message?: string;
  readonly agent?: { readonly name: string; readonly url: string };
  readonly summary?: {
    readonly title: string;
    readonly summary: string;
    readonly keyPoints: readonly string[];
  };
  readonly error?: { readonly message: string };
  /** An approval's prompt, its instance key and the artifact shown. */
  readonly prompt?: string;
  readonly instance?: string;
  readonly artifact?: unknown;
}

/** `baton chain <topic>`. */
export async function chainCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const topic = args.join(' ');
  if (topic === '')
    throw usage(options.plan ? 'baton chain --plan takes a goal' : 'baton chain takes a topic');
  if (options.plan && options.chain) throw usage('--plan plans its own chain: give --plan or --chain');
  if (options.approve && !options.plan) throw usage('--approve goes with --plan');
  const { call, base } = orchestratorOf(io, options, { refusals: [422] });
  const runOptions = {
    ...(options.audience ? { audience: options.audience } : {}),
    ...(options.length ? { length: options.length } : {}),
    ...(options.sections ? { sections: Number(options.sections) } : {}),
  };
  const started = (await (
    await call(`${base}/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(options.plan ? { goal: topic, ...(options.approve ? { approve: true } : {}) } : { topic }),
        ...(options.chain ? { chain: options.chain } : {}),
        ...(Object.keys(runOptions).length > 0 ? { options: runOptions } : {}),
      }),
    })
  ).json()) as { runId: string; error?: { message: string } };
  if (started.error !== undefined) {
    io.stderr.write(`baton: ${started.error.message}\n`);
    return EXIT.taskFailed;
  }
  if (!options.json) io.stderr.write(`run ${started.runId}\n`);

  let outcome: number = EXIT.unreachable;
  const pending: RunEvent[] = [];
  const parser = createParser({ onEvent: (message) => pending.push(JSON.parse(message.data) as RunEvent) });
  const response = await call(`${base}/runs/${started.runId}/events`);
  const decoder = new TextDecoder();
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    for (let event = pending.shift(); event; event = pending.shift()) {
      if (options.json) printJson(io, event);
      else report(io, event);
      if (event.type === 'input.required') await answer(call, base, started.runId, event.question ?? '');
      if (event.type === 'approval.requested') await approve(io, call, base, started.runId, event);
      if (event.type === 'run.completed') outcome = EXIT.ok;
      if (event.type === 'run.failed' || event.type === 'run.canceled') outcome = EXIT.taskFailed;
    }
  }
  if (outcome === EXIT.unreachable)
    throw new CliError(EXIT.unreachable, `The event stream of run ${started.runId} ended early`);
  return outcome;
}

function report(io: CliIo, event: RunEvent): void {
  switch (event.type) {
    case 'step.started':
      io.stderr.write(`${event.step}: ${event.agent?.name ?? 'agent'} at ${event.agent?.url ?? '?'}\n`);
      return;
    case 'step.state':
      // With the agent's words when it has some ("Waiting for the model (attempt 2 of 3, retrying in 1 s): …").
      io.stderr.write(
        `${event.step}: ${stateName(event.state ?? '')} (task ${event.taskId})${event.message ? `: ${event.message}` : ''}\n`,
      );
      return;
    case 'run.completed':
      if (event.summary) {
        io.stdout.write(`${event.summary.title}\n\n${event.summary.summary}\n\nKey points:\n`);
        for (const point of event.summary.keyPoints) io.stdout.write(`- ${point}\n`);
      }
      return;
    case 'run.failed':
      io.stderr.write(`run failed: ${event.error?.message ?? 'unknown error'}\n`);
      return;
    case 'run.canceled':
      io.stderr.write('run canceled\n');
      return;
  }
}

/**
 * An approval step waits: on a terminal, the person decides here (y approves, n rejects, then a comment); else it
 * says how to decide from elsewhere (`baton approve`, the console, the API) and waits.
 */
async function approve(io: CliIo, call: OrchestratorCall, base: string, runId: string, event: RunEvent) {
  const step = event.instance ?? event.step ?? '';
  if (event.artifact !== undefined) io.stderr.write(`${JSON.stringify(event.artifact, null, 2)}\n`);
  if (!process.stdin.isTTY) {
    io.stderr.write(
      `${step}: waiting for approval: ${event.prompt ?? ''} (baton approve ${runId} --step ${step}, or baton reject)\n`,
    );
    return;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  const reply = (await prompt.question(`${event.prompt ?? 'Approve?'} [y/n, then a comment]\n> `)).trim();
  prompt.close();
  const yes = /^y(es)?\b/i.test(reply);
  const comment = reply.replace(/^(y(es)?|no?)\b[\s:,.-]*/i, '').trim();
  await call(`${base}/runs/${runId}/${yes ? 'approve' : 'reject'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ step, ...(comment === '' ? {} : { comment }) }),
  });
}

async function answer(call: OrchestratorCall, base: string, runId: string, question: string): Promise<void> {
  if (!process.stdin.isTTY) {
    throw new CliError(
      EXIT.taskFailed,
      `The chain asks "${question}" and there is no terminal to answer it (run ${runId})`,
    );
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  const text = (await prompt.question(`${question}\n> `)).trim();
  prompt.close();
  await call(`${base}/runs/${runId}/answer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer: text }),
  });
}
