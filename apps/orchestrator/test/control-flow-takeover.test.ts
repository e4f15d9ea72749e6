/**
 * A run left mid-map or mid-loop by an orchestrator that stops goes on in another from its kept events: no item or
 * iteration done is run again, and each item attempt's message reaches its agent once (a task under way is
 * followed, a message sent again carries the same id).
 */
import { messageText } from '@baton/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent, RunView } from '../src/run/run-types.ts';
import { createOutageRecords } from './outage-records.ts';
import {
  type ProbeAgent,
  postJson,
  probeOrchestrator,
  startProbeAgent,
  probeStep as step,
  untilRun,
} from './probe-agent.ts';

let probe: ProbeAgent;
beforeAll(async () => {
  probe = await startProbeAgent();
});
afterAll(() => probe.close());

const fanOut = {
  name: 'fan-out',
  description: 'six slow items, two at a time',
  steps: [
    step('source', 'test.items'),
    {
      id: 'each',
      dependsOn: ['source'],
      map: {
        over: 'source.items',
        concurrency: 2,
        steps: [{ id: 'work', skill: 'test.slow', send: [{ text: 'test.slow takeover' }, { item: true }] }],
        result: 'work',
      },
    },
  ],
  result: 'each',
};

const looping = {
  name: 'looping',
  description: 'three slow iterations',
  steps: [
    {
      id: 'repeat',
      loop: {
        until: 'iteration >= 3',
        maxIterations: 5,
        steps: [{ id: 'turn', skill: 'test.slow', send: [{ text: 'test.slow turn' }, { data: { n: 1 } }] }],
        result: 'turn',
      },
    },
  ],
  result: 'repeat',
};

/** Starts a run on one orchestrator, stops that one once `ready`, and finishes the run on a second one. */
async function takenOver(chain: object, name: string, ready: (view: RunView) => boolean) {
  const records = createOutageRecords();
  const first = probeOrchestrator([probe.url], [chain], { runRecords: records });
  const started = await postJson<{ runId: string }>(first, '/runs', { topic: name, chain: name });
  expect(started.status).toBe(202);
  const { runId } = started.body;
  const before = await untilRun(first, runId, ready);
  expect(ready(before)).toBe(true);
  await first.close();
  const second = probeOrchestrator([probe.url], [chain], { runRecords: records });
  expect(await second.resumeRuns()).toBe(1);
  const done = await second.runs.ended(runId);
  const events = (await records.load(runId))?.events ?? [];
  await second.close();
  return { before, done, events };
}

const startedOf = (events: readonly RunEvent[], step: string) =>
  events.filter((event) => event.type === 'step.started' && event.step === step);

describe('a run taken over', () => {
  it('goes on mid-map: finished items are not run again, and each item reaches its agent once', async () => {
    const { before, done, events } = await takenOver(fanOut, 'fan-out', (view) => {
      const items = view.instances?.filter((instance) => instance.step === 'work') ?? [];
      return items.filter((instance) => instance.outcome === 'completed').length >= 2 && items.length >= 3;
    });
    const finishedBefore =
      before.instances?.filter((i) => i.step === 'work' && i.outcome === 'completed') ?? [];
    expect(done.status).toBe('completed');
    const items = done.instances?.filter((instance) => instance.step === 'work') ?? [];
    expect(items.map((instance) => instance.index)).toEqual([0, 1, 2, 3, 4, 5]);
    // Items finished before the takeover kept their task; every item has one task, run once at the agent.
    for (const kept of finishedBefore)
      expect(items.find((instance) => instance.key === kept.key)?.taskId).toBe(kept.taskId);
    expect(new Set(items.map((instance) => instance.taskId)).size).toBe(6);
    const received = probe.received.filter((entry) => messageText(entry.message).includes('takeover'));
    expect(received).toHaveLength(6);
    expect(new Set(received.map((entry) => entry.taskId))).toEqual(new Set(items.map((i) => i.taskId)));
    expect(startedOf(events, 'work')).toHaveLength(6);
    // What was done before is read from the record, not asked of the agent again: each item completed once.
    const completed = events.flatMap((event) =>
      event.type === 'artifact.completed' && event.step === 'work' ? [event.instance] : [],
    );
    expect(completed.sort()).toEqual(items.map((instance) => instance.key).sort());
    expect(events.filter((event) => event.type === 'map.started')).toHaveLength(1);
    expect(events.some((event) => event.type === 'run.resumed')).toBe(true);
    expect((done.result as { items: unknown[] }).items).toHaveLength(6);
  });

  it('goes on mid-loop: an iteration done is not run again, and the next begins once', async () => {
    const { done, events } = await takenOver(looping, 'looping', (view) =>
      (view.instances ?? []).some(
        (instance) => instance.key === 'repeat#1/turn' && instance.outcome === 'completed',
      ),
    );
    expect(done.status).toBe('completed');
    expect(done.instances?.map((instance) => instance.key)).toEqual([
      'repeat#1/turn',
      'repeat#2/turn',
      'repeat#3/turn',
    ]);
    const iterations = events.flatMap((event) => (event.type === 'loop.iteration' ? [event.iteration] : []));
    expect(iterations).toEqual([1, 2, 3]);
    expect(startedOf(events, 'turn')).toHaveLength(3);
    expect(
      events.filter((event) => event.type === 'artifact.completed' && event.step === 'turn'),
    ).toHaveLength(3);
    const received = probe.received.filter((entry) => messageText(entry.message).includes('turn'));
    expect(received).toHaveLength(3);
  });
});
