import { createA2AClient } from '@baton/client';
import type { RunEvent, RunView } from '@baton/orchestrator';
import { type ChaosCluster, startChaosCluster } from './chaos-cluster.ts';

/** How big a chaos run is. */
export interface ChaosOptions {
  readonly postgresUrl: string;
  readonly redisUrl: string;
  /** Runs started in all; default 1,000. */
  readonly runs?: number;
  /** Runs in flight at once; default 30. */
  readonly concurrency?: number;
  /** How long the database is cut off; default 10 s. */
  readonly outageMs?: number;
  /** How long a run may stay unfinished after the load before it counts as stuck; default 60 s. */
  readonly stuckAfterMs?: number;
  /** Where progress lines go; default nowhere. */
  readonly log?: (line: string) => void;
}

/** What a chaos run counts. The six counts the suite asserts must all be 0. */
export interface ChaosReport {
  readonly runs: number;
  readonly concurrency: number;
  readonly outageMs: number;
  /** Runs whose id the API returned. */
  readonly accepted: number;
  /** Starts refused while an orchestrator was gone or the database was out (502, 503): tried again. */
  readonly refusals: number;
  /** Starts still refused after two minutes of trying (never accepted). */
  readonly notAccepted: number;
  readonly completed: number;
  readonly failed: number;
  readonly canceled: number;
  /** Runs another orchestrator went on with (a `run.resumed` in their timeline). */
  readonly resumed: number;
  /** Rounds the killed orchestrator was driving when it was killed, by the run engine's own records. */
  readonly killedRounds: number;
  /** SSE readers' reconnections (each resumed from its Last-Event-ID). */
  readonly reconnections: number;
  /** How long runs took from their id to their end as the client saw it: median, 95th percentile, longest (s). */
  readonly runSeconds: { readonly p50: number; readonly p95: number; readonly max: number };
  readonly seconds: number;
  /** Accepted runs the API no longer knows. */
  readonly lost: number;
  /** Runs not finished `stuckAfterMs` after the load. */
  readonly stuck: number;
  /** Completed runs that went on after `run.completed` (a step started again). */
  readonly executedAgain: number;
  /** Agent tasks beyond one per step attempt. */
  readonly extraTasks: number;
  /** Stored timelines (or SSE readers' views of them) with a missing or repeated event. */
  readonly gaps: number;
  /** Runs whose cancel was answered 200 that did not end canceled. */
  readonly cancelNotCanceled: number;
  /** Runs of the `sections` chain (a map over the outline's sections, a review loop) among them. */
  readonly sectionRuns: number;
  /** Sections written by more than one completed task at the doc agent (an item done twice). */
  readonly itemsTwice: number;
  /** Sections the doc agent wrote (completed tasks found by their instance key), to show the count above read them. */
  readonly sectionsWritten: number;
  /** Starts whose first answer the client cut off mid-flight, then sent again with the same Idempotency-Key. */
  readonly cutStarts: number;
  /** Idempotency-Keys (one per start) that made more than one run. */
  readonly runsTwice: number;
}

type Kind = 'plain' | 'streamed' | 'canceled' | 'sections' | 'cut';

/** The agent each step of the chains the suite runs goes to (the `default` and `sections` chains). */
const AGENT_OF_STEP: Readonly<Record<string, 'outline' | 'document' | 'summary'>> = {
  outline: 'outline',
  document: 'document',
  section: 'document',
  draft: 'document',
  rewritten: 'document',
  revised: 'document',
  summary: 'summary',
  check: 'summary',
};
interface Tracked {
  readonly runId: string;
  readonly contextId: string;
  readonly kind: Kind;
  cancelAcknowledged: boolean;
  /** The cancel was refused as a bad request (not for the run's state): the suite's own mistake, counted. */
  cancelRefused: boolean;
  /** When the API returned its id, and when the client saw it end (ms since the load began). */
  readonly acceptedAt: number;
  endedAt?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isFinished = (status: string | undefined) =>
  status === 'completed' || status === 'failed' || status === 'canceled';
const isFinal = (event: RunEvent) =>
  event.type === 'run.completed' || event.type === 'run.failed' || event.type === 'run.canceled';

/** Whether an answer says "the same request again, later": 502, 503, or 409 while the key's first is under way. */
async function sayRetry(response: Response): Promise<boolean> {
  if (response.status === 502 || response.status === 503) return true;
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return body?.error?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
}

/**
 * A request tried again on 502 / 503, 409 IDEMPOTENCY_KEY_IN_PROGRESS and connection errors (an instance died,
 * the database is out), with the same Idempotency-Key each time.
 */
async function retrying(
  send: () => Promise<Response>,
  until: number,
  onRefusal: () => void,
): Promise<Response> {
  for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      const response = await send();
      if (!(await sayRetry(response)) || Date.now() > until) return response;
      await response.body?.cancel();
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    onRefusal();
    await sleep(delay);
  }
}

/** Parses an SSE body into the run events it holds. */
function eventsOf(text: string): RunEvent[] {
  return [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1] ?? '{}') as RunEvent);
}

/** A run's kept timeline: its SSE stream read until it ends, or for at most `ms` (a run that never ends). */
async function timelineOf(url: string, ms: number): Promise<RunEvent[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  let text = '';
  try {
    const response = await fetch(url, { signal: controller.signal });
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? [])
      text += decoder.decode(chunk as Uint8Array, { stream: true });
  } catch {
    // Cut off at `ms`: what arrived is what is kept so far.
  } finally {
    clearTimeout(timer);
  }
  return eventsOf(text.slice(0, text.lastIndexOf('\n\n') + 2));
}

/** Whether a list of events is numbered 1, 2, 3, … from `first`, none missing or repeated. */
const numbered = (events: readonly RunEvent[], first = 1) =>
  events.every((event, index) => event.seq === first + index);

/**
 * Runs the chaos suite: `runs` chain runs at `concurrency` (10 % followed over SSE, 10 % canceled, 10 % whose
 * start's answer is cut off mid-flight and sent again under its Idempotency-Key) through a
 * round-robin proxy in front of two orchestrators, while one orchestrator and one doc instance are killed with
 * SIGKILL and then the database is cut off for `outageMs`; then counts what was lost, stuck, done twice or
 * out of order.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosReport> {
  const runs = options.runs ?? 1_000;
  const concurrency = options.concurrency ?? 30;
  const outageMs = options.outageMs ?? 10_000;
  const stuckAfterMs = options.stuckAfterMs ?? 60_000;
  const log = options.log ?? (() => undefined);
  const cluster = await startChaosCluster({ postgresUrl: options.postgresUrl, redisUrl: options.redisUrl });
  try {
    return await load(cluster);
  } catch (error) {
    log(`the deployment said:\n${cluster.output().slice(-8_000)}`);
    throw error;
  } finally {
    if (process.env.CHAOS_DUMP) log(`the deployment said:\n${cluster.output()}`);
    await cluster.close();
  }

  async function load(cluster: ChaosCluster): Promise<ChaosReport> {
    const api = cluster.orchestrators.proxy.url;
    const started = Date.now();
    const tracked: Tracked[] = [];
    let refusals = 0;
    let notAccepted = 0;
    let cutStarts = 0;
    let reconnections = 0;
    let readerGaps = 0;
    let next = 0;
    let loadOver = Number.POSITIVE_INFINITY;
    const faults: Promise<void>[] = [];
    const killedRuns: string[] = [];
    const fault = (at: number, what: string, act: () => Promise<void>) => {
      if (tracked.length !== Math.floor(runs * at)) return;
      log(`${tracked.length} runs accepted: ${what}`);
      faults.push(act().catch((error: unknown) => log(`fault "${what}" failed: ${String(error)}`)));
    };

    /** Follows a run's events over SSE, reconnecting with Last-Event-ID until its final event. */
    async function follow(runId: string): Promise<void> {
      let last = 0;
      const giveUp = Date.now() + 3 * stuckAfterMs;
      for (;;) {
        if (Date.now() > Math.min(loadOver + stuckAfterMs, giveUp)) return;
        try {
          const response = await fetch(`${api}/runs/${runId}/events`, {
            headers: last > 0 ? { 'Last-Event-ID': String(last) } : {},
          });
          if (response.status === 200) {
            const events = eventsOf(await response.text());
            if (!numbered(events, last + 1)) readerGaps += 1;
            last = events.at(-1)?.seq ?? last;
            if (events.some(isFinal)) return;
          } else await response.body?.cancel();
        } catch {
          // The stream broke (its orchestrator died): reconnect from the last event seen.
        }
        reconnections += 1;
        await sleep(200);
      }
    }

    /** Waits until the run has finished (or the stuck deadline passed). */
    async function settle(runId: string): Promise<void> {
      const giveUp = Date.now() + 3 * stuckAfterMs;
      while (Date.now() < Math.min(loadOver + stuckAfterMs, giveUp)) {
        try {
          const response = await fetch(`${api}/runs/${runId}`);
          if (response.status === 200 && isFinished(((await response.json()) as RunView).status)) return;
        } catch {
          // An orchestrator died under this request: ask again.
        }
        await sleep(250);
      }
    }

    async function one(index: number): Promise<void> {
      const kind: Kind =
        index % 10 === 1
          ? 'streamed'
          : index % 10 === 2
            ? 'canceled'
            : index % 10 === 3 || index % 10 === 8
              ? 'sections'
              : index % 10 === 5
                ? 'cut'
                : 'plain';
      // Every start goes with its own key and is sent again with it: one run per key, however often it is sent.
      const start = (signal?: AbortSignal) =>
        fetch(`${api}/runs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `"chaos-start-${index}"` },
          body: JSON.stringify({
            topic: `Chaos topic ${index}`,
            ...(kind === 'sections' ? { chain: 'sections', options: { sections: 4 } } : {}),
          }),
          ...(signal ? { signal } : {}),
        });
      if (kind === 'cut') {
        // The answer is cut off mid-flight (the client gives up on it, as a proxy or a phone network would),
        // at a different moment each time: before the run is kept, while it is, or once it is.
        cutStarts += 1;
        await start(AbortSignal.timeout(2 + ((index * 7) % 25)))
          .then((response) => response.body?.cancel())
          .catch(() => undefined);
      }
      const response = await retrying(
        () => start(),
        Date.now() + 120_000,
        () => {
          refusals += 1;
        },
      );
      if (response.status !== 202) {
        // Refused for good (past the retry window): never accepted, so not lost; said in the report.
        notAccepted += 1;
        log(`POST /runs answered ${response.status} for good: ${await response.text()}`);
        return;
      }
      const body = (await response.json()) as { runId: string; contextId: string };
      const run: Tracked = {
        runId: body.runId,
        contextId: body.contextId,
        kind,
        cancelAcknowledged: false,
        cancelRefused: false,
        acceptedAt: Date.now() - started,
      };
      tracked.push(run);
      fault(0.3, 'kill -9 of an orchestrator driving runs', async () => {
        const killed = await cluster.killDrivingOrchestrator();
        killedRuns.push(...killed.runIds);
        log(`killed orchestrator ${killed.index + 1}, driving ${killed.runIds.join(', ')}`);
      });
      fault(0.5, 'kill -9 of doc agent instance 1', () => cluster.agents.document.kill(0));
      fault(0.7, `the database cut off for ${outageMs} ms`, async () => {
        await cluster.database.cut();
        await sleep(outageMs);
        await cluster.database.restore();
        log('the database is back');
      });
      if (kind === 'streamed') await follow(run.runId);
      if (kind === 'canceled') {
        await sleep(100 + ((index * 137) % 1_400));
        const cancel = await retrying(
          () =>
            fetch(`${api}/runs/${run.runId}/cancel`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            }),
          Date.now() + 60_000,
          () => undefined,
        );
        run.cancelAcknowledged = cancel.status === 200;
        run.cancelRefused = cancel.status === 400 || cancel.status === 415;
        await cancel.body?.cancel();
      }
      await settle(run.runId);
      run.endedAt = Date.now() - started;
    }

    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let index = next++; index < runs; index = next++) await one(index);
      }),
    );
    loadOver = Date.now();
    await Promise.all(faults);
    for (const run of tracked) {
      const took = ((run.endedAt ?? loadOver - started) - run.acceptedAt) / 1000;
      if (took > 10)
        log(`run ${run.runId} (${run.kind}) accepted at ${run.acceptedAt / 1000} s took ${took} s`);
    }
    log(`load over after ${Math.round((loadOver - started) / 1000)} s; checking ${tracked.length} runs`);
    const durations = tracked
      .map((run) => ((run.endedAt ?? loadOver - started) - run.acceptedAt) / 1000)
      .sort((a, b) => a - b);
    const at = (share: number) =>
      Math.round(
        (durations[Math.min(durations.length - 1, Math.floor(share * durations.length))] ?? 0) * 10,
      ) / 10;
    return verify(cluster, tracked, {
      refusals,
      notAccepted,
      reconnections,
      readerGaps,
      killedRuns,
      seconds: Math.round((loadOver - started) / 100) / 10,
      runSeconds: { p50: at(0.5), p95: at(0.95), max: at(1) },
      cutStarts,
    });
  }

  async function verify(
    cluster: ChaosCluster,
    tracked: readonly Tracked[],
    measured: {
      refusals: number;
      notAccepted: number;
      reconnections: number;
      readerGaps: number;
      killedRuns: readonly string[];
      seconds: number;
      runSeconds: ChaosReport['runSeconds'];
      cutStarts: number;
    },
  ): Promise<ChaosReport> {
    // The surviving orchestrator answers for every run.
    const alive = cluster.orchestrators.instances.find(
      (instance) => instance.child.exitCode === null && instance.child.signalCode === null,
    );
    const survivor = alive?.url ?? cluster.orchestrators.proxy.url;
    const agents = {
      outline: await createA2AClient({ agent: cluster.agents.outline.proxy.url }),
      document: await createA2AClient({ agent: cluster.agents.document.proxy.url }),
      summary: await createA2AClient({ agent: cluster.agents.summary.proxy.url }),
    };
    const counts = {
      lost: 0,
      stuck: 0,
      executedAgain: 0,
      extraTasks: 0,
      gaps: measured.readerGaps,
      itemsTwice: 0,
      sectionsWritten: 0,
    };
    const outcomes = { completed: 0, failed: 0, canceled: 0, resumed: 0, cancelNotCanceled: 0 };
    const check = async (run: Tracked) => {
      const response = await fetch(`${survivor}/runs/${run.runId}`);
      if (response.status === 404) {
        counts.lost += 1;
        return;
      }
      const view = (await response.json()) as RunView;
      if (!isFinished(view.status)) counts.stuck += 1;
      if (view.status === 'completed') outcomes.completed += 1;
      if (view.status === 'failed') {
        outcomes.failed += 1;
        log(`run ${run.runId} (${run.kind}) failed: ${view.error?.code} ${view.error?.message}`);
      }
      if (view.status === 'canceled') outcomes.canceled += 1;
      const cancelAsked = run.cancelAcknowledged || run.cancelRefused;
      if (cancelAsked && view.status !== 'canceled') outcomes.cancelNotCanceled += 1;
      const events = await timelineOf(`${survivor}/runs/${run.runId}/events`, 5_000);
      if (!numbered(events)) counts.gaps += 1;
      const took = ((run.endedAt ?? 0) - run.acceptedAt) / 1000;
      if (took > 10 && process.env.CHAOS_DEBUG) {
        const first = Date.parse(events[0]?.at ?? '');
        log(
          `${run.runId}: ${events.map((event) => `${event.seq}:${event.type}${'step' in event ? `:${event.step}` : ''}@${((Date.parse(event.at) - first) / 1000).toFixed(1)}`).join(' ')}`,
        );
      }
      if (!isFinished(view.status)) {
        const tail = events
          .slice(-4)
          .map((event) => `${event.seq} ${event.type}${'step' in event ? ` ${event.step}` : ''}`);
        log(`run ${run.runId} (${run.kind}) is still ${view.status}; its last events: ${tail.join(', ')}`);
      }
      if (events.some((event) => event.type === 'run.resumed')) outcomes.resumed += 1;
      else if (measured.killedRuns.includes(run.runId)) {
        const timeline = events.map(
          (event) => `${event.seq} ${event.type}${'step' in event ? ` ${event.step}` : ''}`,
        );
        log(`run ${run.runId}, driven by the killed orchestrator, did not resume: ${timeline.join(', ')}`);
      }
      const completedAt = events.findIndex((event) => event.type === 'run.completed');
      if (completedAt >= 0 && events.slice(completedAt).some((event) => event.type === 'step.started'))
        counts.executedAgain += 1;
      for (const [agent, client] of Object.entries(agents)) {
        const attempts = events.filter(
          (event) => event.type === 'step.started' && AGENT_OF_STEP[event.step] === agent,
        ).length;
        const { tasks } = await client.listTasks({ contextId: run.contextId });
        if (agent === 'document' && run.kind === 'sections') {
          // Each section's tasks, by the instance key in their first message's id: completed once at most.
          const done = new Map<string, number>();
          for (const task of tasks) {
            const key = /:([^:]*\bsection):\d+$/.exec(task.history?.[0]?.messageId ?? '')?.[1];
            if (key !== undefined && task.status.state === 'TASK_STATE_COMPLETED')
              done.set(key, (done.get(key) ?? 0) + 1);
          }
          counts.itemsTwice += [...done.values()].filter((count) => count > 1).length;
          counts.sectionsWritten += done.size;
        }
        counts.extraTasks += Math.max(0, tasks.length - attempts);
        if (tasks.length > attempts) {
          const sent = tasks.map(
            (task) => `${task.id} ${task.status.state} from ${task.history?.[0]?.messageId}`,
          );
          const timeline = events.map(
            (event) => `${event.seq} ${event.type}${'step' in event ? ` ${event.step}` : ''}`,
          );
          log(
            `run ${run.runId}: ${tasks.length} ${agent} tasks for ${attempts} attempts: ${sent.join('; ')}; events: ${timeline.join(', ')}`,
          );
        }
      }
    };
    // A few runs checked at once: the counts do not depend on the order.
    let nextCheck = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let index = nextCheck++; index < tracked.length; index = nextCheck++) {
          const run = tracked[index];
          if (run) await check(run);
        }
      }),
    );
    // One run per key: the topic names the start, and each start had its own key.
    const perTopic = await cluster.runsPerTopic();
    const runsTwice = [...perTopic.values()].filter((count) => count > 1).length;
    for (const [topic, count] of perTopic) if (count > 1) log(`${count} runs for "${topic}" (one key)`);
    return {
      runs,
      concurrency,
      outageMs,
      cutStarts: measured.cutStarts,
      runsTwice,
      accepted: tracked.length,
      refusals: measured.refusals,
      notAccepted: measured.notAccepted,
      reconnections: measured.reconnections,
      runSeconds: measured.runSeconds,
      seconds: measured.seconds,
      killedRounds: measured.killedRuns.length,
      sectionRuns: tracked.filter((run) => run.kind === 'sections').length,
      ...outcomes,
      ...counts,
    };
  }
}

/** The report as the lines `pnpm chaos` prints (and docs/deploy.md quotes). */
export function describeChaosReport(report: ChaosReport): string {
  return [
    `${report.runs} runs at ${report.concurrency} concurrent, 10 % streamed, 10 % canceled, 10 % cut off and sent again, 20 % of the sections chain (${report.sectionRuns}); kill -9 of one orchestrator and one doc instance, the database cut off for ${report.outageMs / 1000} s; ${report.seconds} s`,
    `each run took ${report.runSeconds.p50} s (median), ${report.runSeconds.p95} s (95th percentile), ${report.runSeconds.max} s at most`,
    `accepted ${report.accepted}: completed ${report.completed}, canceled ${report.canceled}, failed ${report.failed}; the killed orchestrator was driving ${report.killedRounds} rounds, ${report.resumed} runs went on in the other orchestrator; ${report.refusals} starts refused and tried again, ${report.notAccepted} refused for good; ${report.reconnections} SSE reconnections`,
    `accepted runs lost                  ${report.lost}`,
    `stuck 60 s after the load           ${report.stuck}`,
    `completed runs executed again       ${report.executedAgain}`,
    `agent tasks beyond one per attempt  ${report.extraTasks}`,
    `timelines with a gap                ${report.gaps}`,
    `canceled runs not canceled          ${report.cancelNotCanceled}`,
    `sections written twice              ${report.itemsTwice} (of ${report.sectionsWritten} written)`,
    `keys that made two runs             ${report.runsTwice} (every start keyed; ${report.cutStarts} cut off mid-flight and sent again)`,
  ].join('\n');
}
