/**
 * The chain language's control flow over real HTTP on 127.0.0.1: branch, loop, map and sub-chain steps, each
 * task a real task at a probe agent that records what it is sent and when, and a deadline.
 */
import { createA2AClient } from '@baton/client';
import { messageText } from '@baton/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstanceView, RunEvent, RunView } from '../src/run/run-types.ts';
import {
  type ProbeAgent,
  postJson,
  probeOrchestrator,
  startProbeAgent,
  probeStep as step,
} from './probe-agent.ts';

let probe: ProbeAgent;

beforeAll(async () => {
  probe = await startProbeAgent();
});
afterAll(() => probe.close());

const orchestrator = (...chains: object[]) => probeOrchestrator([probe.url], chains);

async function run(app: ReturnType<typeof orchestrator>, body: object): Promise<RunView> {
  const answer = await postJson(app, '/runs', { topic: 'probes', wait: true, ...body });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function eventsOf(app: ReturnType<typeof orchestrator>, runId: string): Promise<RunEvent[]> {
  const text = await (await app.request(`/runs/${runId}/events`)).text();
  return text
    .split('\n\n')
    .flatMap((frame) => frame.split('\n').filter((line) => line.startsWith('data:')))
    .map((line) => JSON.parse(line.slice(5)) as RunEvent);
}

/** What the probe received for the tasks of these instances, by task id. */
const receivedFor = (instances: readonly InstanceView[]) =>
  instances.map((instance) => probe.received.find((entry) => entry.taskId === instance.taskId));

const chain = (name: string, steps: object[], result: string, extra: object = {}) => ({
  name,
  description: `the ${name} test chain`,
  steps,
  result,
  ...extra,
});

describe('branch', () => {
  const routed = chain(
    'routed',
    [
      step('first', 'test.slow'),
      {
        id: 'route',
        dependsOn: ['first'],
        branch: {
          cases: [
            {
              when: "options.?audience.orValue('') == 'experts'",
              steps: [step('deep', 'test.slow')],
              result: 'deep',
            },
            { when: 'first.parts > 5', steps: [step('never', 'test.slow')], result: 'never' },
          ],
          otherwise: { steps: [step('plain', 'test.slow')], result: 'plain' },
        },
      },
    ],
    'route',
  );

  it('runs the first case whose condition holds, keeps the decision, and never runs the others', async () => {
    const app = orchestrator(routed);
    const experts = await run(app, { chain: 'routed', options: { audience: 'experts' } });
    expect(experts.status).toBe('completed');
    expect(experts.decisions).toEqual([
      expect.objectContaining({ kind: 'branch', step: 'route', key: 'route', case: 0 }),
    ]);
    expect(experts.instances?.map((instance) => instance.key)).toEqual(['first', 'route/deep']);
    expect((experts.result as { step: string }).step).toBe('test.slow deep');
    expect(experts.steps.find((shown) => shown.step === 'route')).toMatchObject({
      kind: 'branch',
      outcome: 'completed',
    });

    const plain = await run(app, { chain: 'routed' });
    expect(plain.decisions?.[0]?.case).toBe('otherwise');
    expect(plain.instances?.map((instance) => instance.step)).toEqual(['first', 'plain']);
    const events = await eventsOf(app, plain.runId);
    const decided = events.findIndex((event) => event.type === 'branch.decided');
    const started = events.findIndex((event) => event.type === 'step.started' && event.step === 'plain');
    // The decision is kept before the step it chose starts.
    expect(decided).toBeGreaterThan(0);
    expect(started).toBeGreaterThan(decided);
    expect(probe.received.some((entry) => messageText(entry.message).includes('never'))).toBe(false);
  });

  it('fails the run naming the step and the expression when a condition cannot be evaluated', async () => {
    const app = orchestrator(
      chain(
        'broken',
        [
          step('first', 'test.slow'),
          {
            id: 'route',
            dependsOn: ['first'],
            branch: { cases: [{ when: 'first.missing == 1', steps: [step('x', 'test.slow')], result: 'x' }] },
          },
        ],
        'route',
      ),
    );
    const view = await run(app, { chain: 'broken' });
    expect(view.status).toBe('failed');
    expect(view.error).toMatchObject({ code: 'EXPRESSION_FAILED', step: 'route' });
    expect(view.error?.message).toContain('`first.missing == 1`');
  });
});

describe('map', () => {
  it('runs one task per item, at most `concurrency` at once, and hands on the results in the list order', async () => {
    const app = orchestrator(
      chain(
        'fan-out',
        [
          step('source', 'test.items'),
          {
            id: 'each',
            dependsOn: ['source'],
            map: {
              over: 'source.items',
              concurrency: 3,
              steps: [{ id: 'work', skill: 'test.slow', send: [{ text: 'test.slow work' }, { item: true }] }],
              result: 'work',
            },
          },
        ],
        'each',
      ),
    );
    const view = await run(app, { chain: 'fan-out' });
    expect(view.status).toBe('completed');
    const items = view.instances?.filter((instance) => instance.step === 'work') ?? [];
    expect(items.map((instance) => instance.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(items.map((instance) => instance.taskId)).size).toBe(6);
    expect(items.map((instance) => instance.key)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `each[${i}]/work`));
    // In the list's order whatever order they ended in; each result is the task's own (its item in its text).
    const result = view.result as { items: { step: string }[]; failed: unknown[] };
    expect(result.items.map((item) => item.step)).toEqual(
      ['one', 'two', 'three', 'four', 'five', 'six'].map((word) => `test.slow work\n${word}`),
    );
    expect(result.failed).toEqual([]);
    const spans = receivedFor(items).map((entry) => [entry?.startedAt ?? 0, entry?.endedAt ?? 0] as const);
    const overlapAt = (time: number) => spans.filter(([start, end]) => start <= time && time < end).length;
    const most = Math.max(...spans.map(([start]) => overlapAt(start)));
    expect(most).toBeGreaterThanOrEqual(2);
    expect(most).toBeLessThanOrEqual(3);
    expect(view.decisions).toEqual([expect.objectContaining({ kind: 'map', key: 'each', items: 6 })]);
  });

  it('marks a failed item and goes on with `continue`; fails the run and cancels the rest by default', async () => {
    const body = (onItemFailure: string) => ({
      id: 'each',
      dependsOn: ['source'],
      map: {
        over: 'source.items',
        concurrency: 2,
        onItemFailure,
        steps: [
          {
            id: 'pick',
            branch: {
              cases: [{ when: "item == 'two'", steps: [step('bad', 'test.fail')], result: 'bad' }],
              otherwise: { steps: [step('good', 'test.slow')], result: 'good' },
            },
          },
        ],
        result: 'pick',
      },
    });
    const app = orchestrator(
      chain('lenient', [step('source', 'test.items'), body('continue')], 'each'),
      chain('strict', [step('source', 'test.items'), body('fail')], 'each'),
    );
    const lenient = await run(app, { chain: 'lenient' });
    expect(lenient.status).toBe('completed');
    const result = lenient.result as { items: unknown[]; failed: { index: number; error: string }[] };
    expect(result.items.map((item) => item === null)).toEqual([false, true, false, false, false, false]);
    expect(result.failed).toEqual([{ index: 1, error: expect.stringContaining('always fails') }]);
    expect(lenient.instances?.find((instance) => instance.step === 'bad')).toMatchObject({
      key: 'each[1]/pick/bad',
      index: 1,
      outcome: 'failed',
    });

    const strict = await run(app, { chain: 'strict' });
    expect(strict.status).toBe('failed');
    expect(strict.error).toMatchObject({ step: 'bad' });
    // Items not begun when one failed are never sent.
    const begun = strict.instances?.filter((instance) => instance.step === 'good').length ?? 0;
    expect(begun).toBeLessThan(5);
  });

  it('fails the step saying so when the list is not a list or has more items than allowed', async () => {
    const over = (expression: string, maxItems?: number) =>
      chain(
        `over-${maxItems ?? 'x'}`,
        [
          step('source', 'test.items'),
          {
            id: 'each',
            dependsOn: ['source'],
            map: {
              over: expression,
              ...(maxItems ? { maxItems } : {}),
              steps: [step('w', 'test.slow')],
              result: 'w',
            },
          },
        ],
        'each',
      );
    const app = orchestrator(over('source.items[0]'), over('source.items', 4));
    const notList = await run(app, { chain: 'over-x' });
    expect(notList.error).toMatchObject({ code: 'INVALID_MAP_ITEMS', step: 'each' });
    expect(notList.error?.message).toContain('gave a string, not a list');
    const tooMany = await run(app, { chain: 'over-4' });
    expect(tooMany.error?.message).toContain('has 6 items, more than its limit of 4');
    expect(tooMany.instances?.some((instance) => instance.step === 'w')).toBe(false);
  });
});

describe('loop', () => {
  const counting = (until: string, extra: object = {}) =>
    chain(
      'counting',
      [
        step('seed', 'test.slow'),
        {
          id: 'repeat',
          dependsOn: ['seed'],
          loop: {
            from: 'seed',
            until,
            maxIterations: 3,
            ...extra,
            steps: [
              {
                id: 'again',
                skill: 'test.slow',
                send: [{ text: 'test.slow again' }, { artifact: 'repeat' }],
              },
            ],
            result: 'again',
          },
        },
      ],
      'repeat',
    );

  it('runs its block until the condition holds, each iteration new tasks naming the one before', async () => {
    const app = orchestrator(counting('iteration >= 2'));
    const view = await run(app, { chain: 'counting' });
    expect(view.status).toBe('completed');
    const iterations = view.instances?.filter((instance) => instance.step === 'again') ?? [];
    expect(iterations.map((instance) => [instance.key, instance.iteration])).toEqual([
      ['repeat#1/again', 1],
      ['repeat#2/again', 2],
    ]);
    const [first, second] = receivedFor(iterations);
    expect(second?.message.referenceTaskIds).toContain(first?.taskId);
    // Each iteration reads the loop's value: the seed's artifact, then the iteration before's.
    expect(first?.message.parts[1]).toMatchObject({ data: { step: 'test.slow seed' } });
    expect(second?.message.parts[1]).toMatchObject({ data: { step: 'test.slow again' } });
    expect(view.decisions).toEqual([
      expect.objectContaining({ kind: 'loop', iterations: 2, done: true, exhausted: false }),
    ]);
    const events = await eventsOf(app, view.runId);
    expect(
      events
        .filter((event) => event.type === 'loop.iteration')
        .map((event) => 'iteration' in event && event.iteration),
    ).toEqual([1, 2]);
  });

  it('stops at maxIterations: completes with its last value, or fails with onExhausted "fail"', async () => {
    const lenient = await run(orchestrator(counting('false')), { chain: 'counting' });
    expect(lenient.status).toBe('completed');
    expect(lenient.instances?.filter((instance) => instance.step === 'again')).toHaveLength(3);
    expect(lenient.decisions?.[0]).toMatchObject({ iterations: 3, exhausted: true });
    const strict = await run(orchestrator(counting('false', { onExhausted: 'fail' })), { chain: 'counting' });
    expect(strict.status).toBe('failed');
    expect(strict.error).toMatchObject({ code: 'LOOP_EXHAUSTED', step: 'repeat' });
  });
});

describe('sub-chain', () => {
  it('runs another chain as one step, in the same run and context, with a topic of its own', async () => {
    const inner = chain('inner', [step('a', 'test.slow'), step('b', 'test.slow', ['a'])], 'b');
    const outer = chain(
      'outer',
      [
        step('first', 'test.slow'),
        { id: 'nested', dependsOn: ['first'], chain: { name: 'inner', topic: "'about ' + topic" } },
        step('last', 'test.slow', ['nested']),
      ],
      'last',
    );
    const app = orchestrator(inner, outer);
    const view = await run(app, { chain: 'outer' });
    expect(view.status).toBe('completed');
    expect(view.instances?.map((instance) => instance.key)).toEqual([
      'first',
      'nested/a',
      'nested/b',
      'last',
    ]);
    expect(view.decisions).toEqual([expect.objectContaining({ kind: 'chain', chain: 'inner', version: 1 })]);
    expect(view.artifacts.nested).toMatchObject({ step: 'test.slow b' });
    const tasks = receivedFor(view.instances ?? []);
    expect(new Set(tasks.map((entry) => entry?.message.contextId))).toEqual(new Set([view.contextId]));
  });
});

describe('deadline', () => {
  it('cancels the run and its remote tasks once its deadline passes', async () => {
    const app = orchestrator(chain('slow', [step('a', 'test.ask')], 'a', { deadlineMs: 1_000 }));
    const started = Date.now();
    const view = await run(app, { chain: 'slow' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(view.status).toBe('canceled');
    expect(view.error).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
    expect(view.deadline).toBeDefined();
    const shown = view.steps[0];
    const task = await (await createA2AClient({ agent: probe.url })).getTask(shown?.taskId ?? '');
    expect(task.status.state).toBe('TASK_STATE_CANCELED');
  });

  it('takes a deadline of its own from the request', async () => {
    const app = orchestrator(chain('asks', [step('a', 'test.ask')], 'a'));
    const view = await run(app, { chain: 'asks', deadlineMs: 1_000 });
    expect(view.status).toBe('canceled');
    expect(view.error).toMatchObject({ code: 'DEADLINE_EXCEEDED' });
  });
});
