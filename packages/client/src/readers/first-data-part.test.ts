import type { Artifact, Task } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { firstDataPart } from './first-data-part.ts';

const summary: Artifact = {
  artifactId: 'a1',
  name: 'summary',
  parts: [{ text: 'Three days' }, { data: 'first' }],
};
const itinerary: Artifact = {
  artifactId: 'a2',
  name: 'itinerary',
  parts: [{ text: 'see data' }, { data: { days: 3 }, mediaType: 'application/json' }, { data: { days: 4 } }],
};
const task: Task = {
  id: 't1',
  contextId: 'c1',
  status: { state: 'TASK_STATE_COMPLETED' },
  artifacts: [summary, itinerary],
};

describe('firstDataPart', () => {
  it('takes the first data part of the named artifact of a task', () => {
    expect(firstDataPart(task, 'itinerary')).toStrictEqual({
      data: { days: 3 },
      mediaType: 'application/json',
    });
  });

  it('takes the first artifact of a task when no name is given', () => {
    expect(firstDataPart(task)).toStrictEqual({ data: 'first' });
  });

  it('reads an artifact directly, and checks the name when one is given', () => {
    expect(firstDataPart(itinerary)?.data).toStrictEqual({ days: 3 });
    expect(firstDataPart(itinerary, 'itinerary')?.data).toStrictEqual({ days: 3 });
    expect(firstDataPart(itinerary, 'summary')).toBeUndefined();
  });

  it('returns a data part whose value is null, distinct from no data part', () => {
    expect(firstDataPart({ artifactId: 'a', parts: [{ data: null }] })).toStrictEqual({ data: null });
    expect(firstDataPart({ artifactId: 'a', parts: [{ text: 'only text' }] })).toBeUndefined();
  });

  it('is undefined for an unknown name or a task without artifacts', () => {
    expect(firstDataPart(task, 'missing')).toBeUndefined();
    expect(firstDataPart({ id: 't2', status: { state: 'TASK_STATE_WORKING' } })).toBeUndefined();
  });
});
