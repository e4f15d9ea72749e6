import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import {
  CancelTaskRequestSchema,
  GetTaskRequestSchema,
  SubscribeToTaskRequestSchema,
} from '../v1/task-requests.ts';
import * as v03 from '../v03/index.ts';
import { TranslationError } from './loss.ts';
import {
  cancelTaskRequestFromV03,
  cancelTaskRequestToV03,
  getTaskRequestFromV03,
  getTaskRequestToV03,
  subscribeToTaskRequestFromV03,
  subscribeToTaskRequestToV03,
} from './task-requests.ts';

describe('get-task requests', () => {
  it('maps id and historyLength both ways', () => {
    const v1 = getTaskRequestFromV03({ id: 't1', historyLength: 10 });
    expect(v1).toStrictEqual({ id: 't1', historyLength: 10 });
    expectValid(GetTaskRequestSchema, v1);
    const back = getTaskRequestToV03({ id: 't1', historyLength: 10 });
    expect(back).toStrictEqual({ id: 't1', historyLength: 10 });
    expectValid(v03.TaskQueryParamsSchema, back);
  });

  it('drops metadata going to 1.0 (an empty object silently) and the tenant going to 0.3', () => {
    const { losses, options } = recording();
    expect(getTaskRequestFromV03({ id: 't', metadata: { a: 1 } }, options)).toStrictEqual({ id: 't' });
    expect(getTaskRequestFromV03({ id: 't', metadata: {} }, options)).toStrictEqual({ id: 't' });
    expect(getTaskRequestToV03({ id: 't', tenant: 'x' }, options)).toStrictEqual({ id: 't' });
    expect(losses).toEqual([
      { path: 'metadata', reason: 'the 1.0 request has no metadata field; dropped' },
      { path: 'tenant', reason: '0.3 has no tenant; "x" dropped' },
    ]);
    expect(() => getTaskRequestFromV03({ id: 't', metadata: { a: 1 } }, { strict: true })).toThrow(
      TranslationError,
    );
  });

  it('leaves historyLength 0 unset in both directions and reports it', () => {
    const { losses, options } = recording();
    expect(getTaskRequestFromV03({ id: 't', historyLength: 0 }, options)).toStrictEqual({ id: 't' });
    expect(getTaskRequestToV03({ id: 't', historyLength: 0 }, options)).toStrictEqual({ id: 't' });
    expect(losses.map((loss) => loss.path)).toEqual(['historyLength', 'historyLength']);
  });

  it('throws on an empty id', () => {
    expect(() => getTaskRequestFromV03({ id: '' })).toThrow('A2A 1.0 cannot express id: is empty');
  });
});

describe('cancel-task requests', () => {
  it('maps id and metadata both ways', () => {
    const v1 = cancelTaskRequestFromV03({ id: 't', metadata: { reason: 'user' } });
    expect(v1).toStrictEqual({ id: 't', metadata: { reason: 'user' } });
    expectValid(CancelTaskRequestSchema, v1);
    expect(cancelTaskRequestToV03(v1)).toStrictEqual({ id: 't', metadata: { reason: 'user' } });
  });

  it('reports the tenant', () => {
    const { losses, options } = recording();
    expect(cancelTaskRequestToV03({ id: 't', tenant: 'x' }, options)).toStrictEqual({ id: 't' });
    expect(losses.map((loss) => loss.path)).toEqual(['tenant']);
  });
});

describe('subscribe-to-task requests', () => {
  it('maps id both ways', () => {
    const v1 = subscribeToTaskRequestFromV03({ id: 't' });
    expect(v1).toStrictEqual({ id: 't' });
    expectValid(SubscribeToTaskRequestSchema, v1);
    const back = subscribeToTaskRequestToV03(v1);
    expect(back).toStrictEqual({ id: 't' });
    expectValid(v03.TaskIdParamsSchema, back);
  });

  it('reports metadata going to 1.0 and the tenant going to 0.3', () => {
    const { losses, options } = recording();
    subscribeToTaskRequestFromV03({ id: 't', metadata: { a: 1 } }, options);
    subscribeToTaskRequestToV03({ id: 't', tenant: 'x' }, options);
    expect(losses.map((loss) => loss.path)).toEqual(['metadata', 'tenant']);
  });
});
