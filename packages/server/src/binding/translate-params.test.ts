import { A2AError, translate } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { translateParamsOrThrow } from './translate-params.ts';

describe('translateParamsOrThrow', () => {
  it('returns what the translation returns', () => {
    expect(translateParamsOrThrow(() => translate.getTaskRequestFromV03({ id: 't1' }))).toEqual({ id: 't1' });
  });

  it('turns a TranslationError into InvalidParams naming the field, keeping it as the cause', () => {
    let thrown: unknown;
    try {
      translateParamsOrThrow(() => translate.getTaskRequestFromV03({ id: '' }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(A2AError);
    const error = thrown as A2AError;
    expect(error.code).toBe(-32602);
    expect(error.message).toBe('Invalid parameters: id: is empty, but 1.0 REQUIRES a value');
    expect(error.details).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [{ field: 'id', description: 'is empty, but 1.0 REQUIRES a value' }],
      },
    ]);
    expect(error.cause).toBeInstanceOf(translate.TranslationError);
  });

  it('lets other errors through untouched', () => {
    const failure = new RangeError('other');
    expect(() =>
      translateParamsOrThrow(() => {
        throw failure;
      }),
    ).toThrow(failure);
  });
});
