import { createInterface } from 'node:readline/promises';
import { createParser } from 'eventsource-parser';
import { CliError, EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { printJson } from '../print-task.ts';
import { stateName } from '../task-outcome.ts';

export const CHAIN_HELP = `baton chain <topic> [--chain <name>] [--orchestrator <url>] [--audience <who>] [--length short|medium|long] [--sections <n>] [--json]

Runs a chain (default: outline, document, summary; --chain picks another of GET /chains) on the orchestrator (default http://127.0.0.1:4100, or
BATON_ORCHESTRATOR_URL) and follows it: each step's agent and state on stderr, then the summary and its key
points on stdout. When an agent asks something, you are asked on a terminal. --json prints every run event
as one JSON object per line. Exit 0 when the run completes, 1 when it fails or is canceled.`;

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
}

/** Calls the orchestrator with its credentials, if any; a refusal or an unreachable one is a CliError. */
type OrchestratorCall = (url: string, init?: RequestInit) => Promise<Response>;

const callWith =
  (credentials: Record<string, string>): OrchestratorCall =>
  async (url, init = {}) => {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...credentials, ...(init.headers as Record<string, string> | undefined) },
      });
    } catch (error) {
      throw new CliError(
        EXIT.unreachable,
        `Could not reach the orchestrator at ${new URL(url).origin}: ${(error as Error).cause ?? (error as Error).message}`,
      );
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { message?: string } }
        | undefined;
      throw new CliError(
        EXIT.unreachable,
        body?.error?.message ?? `The orchestrator answered HTTP ${response.status}`,
      );
    }
    return response;
  };

/** `baton chain <topic>`. */
export async function chainCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const topic = args.join(' ');
  if (topic === '') throw usage('baton chain takes a topic');
  // The orchestrator's credentials, when it needs them: `--api-key` (or `BATON_API_KEY`) and `--bearer`.
  const apiKey = options.apiKey ?? io.env.BATON_API_KEY;
  const call = callWith({
    ...(apiKey ? { 'X-API-Key': apiKey } : {}),
    ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
  });
  const base = (options.orchestrator ?? io.env.BATON_ORCHESTRATOR_URL ?? 'http://127.0.0.1:4100').replace(
    /\/+$/,
    '',
  );
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
        topic,
        ...(options.chain ? { chain: options.chain } : {}),
        ...(Object.keys(runOptions).length > 0 ? { options: runOptions } : {}),
      }),
    })
  ).json()) as { runId: string };
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
