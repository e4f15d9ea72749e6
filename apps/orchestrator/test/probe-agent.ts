import type { Message } from '@baton/protocol';
import { createA2AServer, messageText } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { parseChainDefinition } from '../src/chains/load-chains.ts';
import { createOrchestrator, type OrchestratorOptions } from '../src/create-orchestrator.ts';
import type { RunView } from '../src/run/run-types.ts';
import { wait } from './stand-in-agents.ts';

/** What a probe agent received, and when it started and ended the task. */
export interface Received {
  readonly skill: string;
  /** The task the probe worked on. */
  readonly taskId: string;
  readonly message: Message;
  readonly startedAt: number;
  endedAt?: number;
}

/** A probe agent: a real A2A server whose behaviour is picked by the skill named in the text it is sent. */
export interface ProbeAgent {
  readonly server: RunningA2AServer;
  readonly url: string;
  /** Every message it received, in order. */
  readonly received: Received[];
  close(): Promise<void>;
}

export const PROBE_SKILLS = ['test.slow', 'test.flaky', 'test.fail', 'test.ask', 'test.items'] as const;
const quiet = { error: () => undefined, warn: () => undefined };

/**
 * Starts a probe agent on 127.0.0.1. The text's `test.<skill>` decides what it does: `slow` works 300 ms and
 * echoes the text and part count as a DataPart; `flaky` fails the first time it sees a text; `fail` always fails;
 * `ask` asks a question and returns the answer; `items` answers `{ items: ["one", …, "six"] }` at once.
 */
export async function startProbeAgent(): Promise<ProbeAgent> {
  const received: Received[] = [];
  const flakyFailures = new Map<string, number>();
  const server = await startA2AServer(
    createA2AServer({
      card: {
        name: 'Probe',
        description: 'Records what it is sent',
        version: '0.0.0',
        skills: PROBE_SKILLS.map((id) => ({ id, name: id, description: id, tags: ['test'] })),
      },
      logger: quiet,
      executor: async (ctx) => {
        const text = ctx.text;
        const [skill = 'test.slow'] = /test\.\w+/.exec(text) ?? [];
        const entry: Received = { skill, taskId: ctx.taskId, message: ctx.message, startedAt: Date.now() };
        received.push(entry);
        await ctx.working();
        if (skill === 'test.fail')
          return void (await ctx.fail({ parts: [{ text: 'this step always fails' }] }));
        if (skill === 'test.flaky') {
          const failures = flakyFailures.get(text) ?? 0;
          if (failures < 1) {
            flakyFailures.set(text, failures + 1);
            return void (await ctx.fail({ parts: [{ text: 'failed the first time' }] }));
          }
        }
        if (skill === 'test.items') {
          entry.endedAt = Date.now();
          const items = ['one', 'two', 'three', 'four', 'five', 'six'];
          await ctx.addArtifact({ name: 'items', parts: [{ data: { items } }] });
          return undefined;
        }
        if (skill === 'test.ask') {
          const answer = messageText(await ctx.requestInput({ parts: [{ text: `Which one for ${text}?` }] }));
          await ctx.addArtifact({ name: 'answer', parts: [{ data: { answer } }] });
          return undefined;
        }
        await wait(300, ctx.signal);
        entry.endedAt = Date.now();
        await ctx.addArtifact({
          name: 'echo',
          parts: [{ data: { step: text, parts: ctx.message.parts.length } }],
        });
        return undefined;
      },
    }),
    { shutdownDeadlineMs: 100 },
  );
  return { server, url: server.url, received, close: () => server.close() };
}

/** A chain step for probes: it sends `<skill> <id>` and the artifacts of the steps it depends on. */
export const probeStep = (id: string, skill: string, dependsOn: string[] = [], extra: object = {}) => ({
  id,
  skill,
  dependsOn,
  send: [{ text: `${skill} ${id}` }, ...dependsOn.map((artifact) => ({ artifact }))],
  ...extra,
});

/** An orchestrator over the given agents with the given chain definitions (as data), no console. */
export function probeOrchestrator(
  agents: readonly string[],
  chains: readonly object[],
  options: Partial<OrchestratorOptions> = {},
) {
  return createOrchestrator({
    agents,
    chains: chains.map((chain, index) => parseChainDefinition(JSON.stringify(chain), `chain-${index}.json`)),
    console: false,
    logger: quiet,
    // An agent that goes away is given up on quickly here (the default waits a minute for it).
    agentRetryMs: 300,
    ...options,
  });
}

/** POSTs JSON to an orchestrator app and reads the JSON answer with its status. */
export async function postJson<T = RunView>(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  path: string,
  body: object,
): Promise<{ status: number; body: T }> {
  const response = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Reads a run from an orchestrator app until `ready` says so (or about 4 s have passed); the last view read. */
export async function untilRun(
  app: { request: (path: string) => Response | Promise<Response> },
  runId: string,
  ready: (view: RunView) => boolean,
): Promise<RunView> {
  for (let tries = 0; ; tries += 1) {
    const view = (await (await app.request(`/runs/${runId}`)).json()) as RunView;
    if (ready(view) || tries > 200) return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
