import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type A2AClient, createA2AClient, eventIdOf, userMessage } from '@baton/client';
import { isA2AError, type StreamResponse, type Task } from '@baton/protocol';
import {
  AGENT_RESTARTED_MESSAGE,
  type AgentExecutor,
  type ClusterOptions,
  createA2AServer,
  messageText,
  type PushConfigRecords,
  pushNotifications,
  type TaskEventBus,
  type TaskLeaseStore,
  type TaskStore,
} from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startRoundRobinProxy } from './round-robin-proxy.ts';

/** What one instance of the agent runs on; every instance's parts share one backend. */
export interface ClusterParts {
  readonly store: TaskStore;
  readonly leases: TaskLeaseStore;
  readonly bus: TaskEventBus;
  readonly pushConfigs: PushConfigRecords;
}

/** How {@link describeClusterContract} gets instances' parts. */
export interface ClusterContractOptions {
  /** A fresh backend for each test: `instance()` gives the parts of one more instance on it. */
  readonly createBackend: () => Promise<{
    instance(): Promise<ClusterParts>;
    close(): Promise<void>;
  }>;
  /** Flows through the round-robin proxy in the load scenario. Default 100. */
  readonly rounds?: number;
}

const LEASE_TTL_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CARD = {
  name: 'Cluster test agent',
  description: 'Streams, asks and hangs on command',
  version: '1.0.0',
  skills: [],
};

/** What the executors of all instances saw, for assertions. */
interface Journal {
  aborted: string[];
}

/**
 * The test agent: `stream N D` streams N chunks `i,` D ms apart; `ask` asks a question and records which
 * instance got the answer and whether it was started again for it; `hang` waits for its signal.
 */
function executorFor(instance: string, journal: Journal): AgentExecutor {
  return async (ctx) => {
    const startedFor = ctx.task?.history?.find((message) => message.role === 'ROLE_USER');
    const command = startedFor ? messageText(startedFor) : ctx.text;
    if (command === 'ask') {
      const restarted = ctx.task !== undefined;
      const answer = restarted ? ctx.message : await ctx.requestInput('What next?');
      await ctx.addArtifact({
        name: 'answer',
        parts: [{ data: { answeredOn: instance, restarted, text: messageText(answer) } }],
      });
      return;
    }
    if (command === 'hang') {
      await ctx.working('Hanging until canceled');
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      journal.aborted.push(instance);
      return;
    }
    const [, countText = '10', delayText = '0'] = command.split(' ');
    const stream = ctx.streamArtifact({ name: 'numbers' });
    for (let index = 0; index < Number(countText); index += 1) {
      await stream.write([{ text: `${index},` }]);
      if (Number(delayText) > 0) await sleep(Number(delayText));
    }
    await stream.end();
  };
}

/** Streams a 40-number task on `client` in the background; resolves once 5 numbers came. */
async function streamFortyOn(client: A2AClient) {
  const fromA: StreamResponse[] = [];
  const streamingOnA = (async () => {
    for await (const event of client.streamMessage('stream 40 10', { resubscribe: false })) fromA.push(event);
  })();
  while (numbersOf(fromA).length < 5) await sleep(5);
  return { fromA, streamingOnA };
}

function taskOf(event: StreamResponse | undefined): Task {
  if (!event || !('task' in event)) throw new Error(`expected a Task event, got ${JSON.stringify(event)}`);
  return event.task;
}

function stateOf(event: StreamResponse): string | undefined {
  if ('task' in event) return event.task.status.state;
  if ('statusUpdate' in event) return event.statusUpdate.status.state;
  return undefined;
}

/** The numbers a task's stream carried: from a snapshot's artifact, then from each chunk. */
function numbersOf(events: readonly StreamResponse[]): number[] {
  const numbers: number[] = [];
  const take = (parts: readonly { text?: string }[] | undefined) => {
    for (const part of parts ?? []) {
      for (const item of (part.text ?? '').split(',')) if (item !== '') numbers.push(Number(item));
    }
  };
  for (const event of events) {
    if ('task' in event)
      for (const artifact of event.task.artifacts ?? []) take(artifact.parts as { text?: string }[]);
    if ('artifactUpdate' in event) take(event.artifactUpdate.artifact.parts as { text?: string }[]);
  }
  return numbers;
}

async function collect(stream: AsyncIterable<StreamResponse>, until?: (event: StreamResponse) => boolean) {
  const events: StreamResponse[] = [];
  for await (const event of stream) {
    events.push(event);
    if (until?.(event)) break;
  }
  return events;
}

/**
 * What several instances of one agent sharing a store and a bus must do, over real HTTP: streams on any
 * instance, cancels and follow-ups that reach the instance running the task, recovery of a dead instance's
 * task, and a round-robin load where every call may land on the other instance.
 */
export function describeClusterContract(name: string, options: ClusterContractOptions): void {
  describe(`${name}: several instances of one agent`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    });

    async function cluster(
      count: number,
      tweak: (index: number, cluster: ClusterOptions) => ClusterOptions = (_, c) => c,
    ) {
      const backend = await options.createBackend();
      cleanups.push(() => backend.close());
      const journal: Journal = { aborted: [] };
      const running: RunningA2AServer[] = [];
      const clients: A2AClient[] = [];
      for (let index = 0; index < count; index += 1) {
        const parts = await backend.instance();
        const instance = String.fromCharCode(65 + index);
        const server = createA2AServer({
          card: CARD,
          executor: executorFor(instance, journal),
          store: parts.store,
          push: pushNotifications({ records: parts.pushConfigs, allowlist: ['127.0.0.1'], retries: 0 }),
          cluster: tweak(index, {
            leases: parts.leases,
            bus: parts.bus,
            instanceId: `${instance}-${Math.random().toString(36).slice(2, 8)}`,
            leaseTtlMs: LEASE_TTL_MS,
          }),
          logger: process.env.CLUSTER_DEBUG ? console : { error: () => undefined, warn: () => undefined },
        });
        const started = await startA2AServer(server, { shutdownDeadlineMs: 200 });
        cleanups.push(() => started.close());
        running.push(started);
        clients.push(await createA2AClient({ agent: started.url }));
      }
      return { journal, running, clients };
    }

    it('streams on B the task running on A: the snapshot, then every later event once, in order', async () => {
      const { clients } = await cluster(2);
      const [a, b] = clients as [A2AClient, A2AClient];
      const { fromA, streamingOnA } = await streamFortyOn(a);
      const taskId = taskOf(fromA[0]).id;
      const onB = await collect(b.subscribe(taskId, { resubscribe: false }));
      await streamingOnA;
      expect(taskOf(onB[0]).id).toBe(taskId);
      expect(numbersOf(onB)).toEqual(Array.from({ length: 40 }, (_, index) => index));
      expect(stateOf(onB.at(-1) as StreamResponse)).toBe('TASK_STATE_COMPLETED');
      expect(numbersOf(fromA)).toEqual(numbersOf(onB));
    });

    it('resumes on B, after the last event seen on A, a stream of the task running on A: exactly what followed', async () => {
      const { clients } = await cluster(2);
      const [a, b] = clients as [A2AClient, A2AClient];
      const { fromA, streamingOnA } = await streamFortyOn(a);
      // As if A's connection dropped after its fourth event: B is asked for what came after that event's id.
      const seen = fromA.slice(0, 4);
      const lastId = eventIdOf(seen[3] as StreamResponse);
      expect(lastId).toBeDefined();
      const onB = await collect(
        b.subscribe(taskOf(seen[0]).id, { resubscribe: false, headers: { 'Last-Event-ID': String(lastId) } }),
      );
      await streamingOnA;
      expect(onB.some((event) => 'task' in event)).toBe(false);
      expect(onB.map((event) => Number(eventIdOf(event)))).toEqual(
        onB.map((_, index) => Number(lastId) + index + 1),
      );
      expect([...numbersOf(seen), ...numbersOf(onB)]).toEqual(
        Array.from({ length: 40 }, (_, index) => index),
      );
      expect(stateOf(onB.at(-1) as StreamResponse)).toBe('TASK_STATE_COMPLETED');
    });

    it('cancels on B the task running on A: its executor stops there and both say CANCELED', async () => {
      const { clients, journal } = await cluster(2);
      const [a, b] = clients as [A2AClient, A2AClient];
      const stream = a.streamMessage('hang', { resubscribe: false })[Symbol.asyncIterator]();
      const first = await stream.next();
      const taskId = taskOf(first.value as StreamResponse).id;
      const canceled = await b.cancelTask(taskId);
      expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
      const rest: StreamResponse[] = [];
      for (let next = await stream.next(); !next.done; next = await stream.next()) rest.push(next.value);
      expect(stateOf(rest.at(-1) as StreamResponse)).toBe('TASK_STATE_CANCELED');
      expect(journal.aborted).toEqual(['A']);
      expect((await a.getTask(taskId)).status.state).toBe('TASK_STATE_CANCELED');
    });

    it('answers on B a task waiting for input on A, and the executor waiting on A gets the answer', async () => {
      const { clients } = await cluster(2);
      const [a, b] = clients as [A2AClient, A2AClient];
      const asked = await a.sendMessage('ask');
      const taskId = 'task' in asked ? asked.task.id : '';
      expect('task' in asked && asked.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const events = await collect(
        b.streamMessage({ message: userMessage('go on', { taskId }) }, { resubscribe: false }),
      );
      expect(taskOf(events[0]).status.state).toBe('TASK_STATE_WORKING');
      expect(stateOf(events.at(-1) as StreamResponse)).toBe('TASK_STATE_COMPLETED');
      const task = await b.getTask(taskId);
      expect(task.artifacts?.[0]?.parts).toEqual([
        { data: { answeredOn: 'A', restarted: false, text: 'go on' } },
      ]);
    });

    it('continues on B a task waiting for input whose instance shut down, starting the executor again', async () => {
      const { clients, running } = await cluster(2);
      const [a, b] = clients as [A2AClient, A2AClient];
      const asked = await a.sendMessage('ask');
      const taskId = 'task' in asked ? asked.task.id : '';
      await running[0]?.close();
      const answered = await b.sendMessage({ message: userMessage('after the restart', { taskId }) });
      const task = 'task' in answered ? answered.task : undefined;
      expect(task?.status.state).toBe('TASK_STATE_COMPLETED');
      expect(task?.artifacts?.[0]?.parts).toEqual([
        { data: { answeredOn: 'B', restarted: true, text: 'after the restart' } },
      ]);
    });

    it('ends FAILED, once its lease expires, a task whose instance stopped renewing it', async () => {
      const { clients } = await cluster(2, (index, cluster) =>
        index === 0
          ? // Instance A freezes: it never renews its leases again, as a hung or killed process.
            { ...cluster, leases: { ...cluster.leases, renew: async () => [] } }
          : cluster,
      );
      const [a, b] = clients as [A2AClient, A2AClient];
      const started = await a.sendMessage('hang', { returnImmediately: true });
      const taskId = 'task' in started ? started.task.id : '';
      const deadline = Date.now() + 10 * LEASE_TTL_MS;
      let task = await b.getTask(taskId);
      while (task.status.state !== 'TASK_STATE_FAILED' && Date.now() < deadline) {
        await sleep(50);
        task = await b.getTask(taskId);
      }
      expect(task.status.state).toBe('TASK_STATE_FAILED');
      expect(task.status.message?.parts).toEqual([{ text: AGENT_RESTARTED_MESSAGE }]);
    });

    it('delivers each push notification once, from the instance that runs the task, not once per instance', async () => {
      const bodies: string[] = [];
      const hook = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          bodies.push(body);
          response.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => hook.close(() => resolve())));
      const url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const { clients } = await cluster(2);
      const [a, b] = clients as [A2AClient, A2AClient];
      const events: StreamResponse[] = [];
      for await (const event of a.streamMessage(
        { message: userMessage('stream 3 30'), configuration: { taskPushNotificationConfig: { url } } },
        { resubscribe: false },
      )) {
        events.push(event);
        // A stream on B follows the same task meanwhile; its events must not be pushed a second time.
        if (events.length === 1)
          void collect(b.subscribe(taskOf(event).id, { resubscribe: false })).catch(() => []);
      }
      const deadline = Date.now() + 5_000;
      while (!bodies.some((body) => body.includes('TASK_STATE_COMPLETED')) && Date.now() < deadline)
        await sleep(20);
      await sleep(200);
      // The Task, the finished artifact (intermediate chunks are not pushed) and the final status: once each.
      expect(bodies.map((body) => Object.keys(JSON.parse(body) as object)[0])).toEqual([
        'task',
        'artifactUpdate',
        'statusUpdate',
      ]);
    });

    it('keeps every stream whole when each call lands on the next instance in turn', async () => {
      const { running } = await cluster(2);
      const proxy = await startRoundRobinProxy(running.map((server) => server.url));
      cleanups.push(() => proxy.close());
      const rounds = options.rounds ?? 100;
      const failures: string[] = [];
      const flow = async (round: number) => {
        const client = await createA2AClient({ agent: proxy.url });
        // A stream started on one instance and followed on the other.
        const sent: StreamResponse[] = [];
        const stream = client.streamMessage('stream 12 2', { resubscribe: false });
        let followed: Promise<StreamResponse[] | null> | undefined;
        for await (const event of stream) {
          sent.push(event);
          if (!followed && numbersOf(sent).length >= 2) {
            // On a loaded machine the task may end before the subscription lands: then it is refused (a finished
            // task has no events), which is right; anything else fails the flow.
            followed = collect(client.subscribe(taskOf(sent[0]).id, { resubscribe: false })).catch(
              (error: unknown) =>
                isA2AError(error, 'UnsupportedOperationError') ? null : Promise.reject(error),
            );
          }
        }
        const expected = Array.from({ length: 12 }, (_, index) => index);
        if (numbersOf(sent).join() !== expected.join())
          failures.push(`round ${round}: sent ${numbersOf(sent)}`);
        const seen = await (followed ?? Promise.resolve(null));
        if (
          seen !== null &&
          !seen.some((event) => 'task' in event && event.task.status.state === 'TASK_STATE_COMPLETED')
        ) {
          if (numbersOf(seen).join() !== expected.join())
            failures.push(`round ${round}: followed ${numbersOf(seen)}`);
        }
        // A question asked on one instance and answered on the other.
        const asked = await client.sendMessage('ask');
        const taskId = 'task' in asked ? asked.task.id : '';
        const answered = await client.sendMessage({ message: userMessage(`answer ${round}`, { taskId }) });
        const data = 'task' in answered ? answered.task.artifacts?.[0]?.parts[0] : undefined;
        if (!data || !('data' in data) || (data.data as { text?: string }).text !== `answer ${round}`) {
          failures.push(`round ${round}: answer ${JSON.stringify(data)}`);
        }
        // A task hanging on one instance, canceled on the other.
        const hanging = await client.sendMessage('hang', { returnImmediately: true });
        const hangingId = 'task' in hanging ? hanging.task.id : '';
        const canceled = await client.cancelTask(hangingId);
        if (canceled.status.state !== 'TASK_STATE_CANCELED')
          failures.push(`round ${round}: cancel ${canceled.status.state}`);
      };
      const concurrency = 8;
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < rounds) await flow(next++);
        }),
      );
      expect(failures).toEqual([]);
      expect(Math.min(...proxy.counts)).toBeGreaterThan(rounds);
    }, 120_000);
  });
}
