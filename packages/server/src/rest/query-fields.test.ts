import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { type QueryFields, readQueryFields } from './query-fields.ts';

const FIELDS: QueryFields = {
  contextId: 'string',
  status: 'enum',
  pageSize: 'int32',
  includeArtifacts: 'boolean',
};

const read = (query: string) => readQueryFields(new URLSearchParams(query), FIELDS);

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('readQueryFields', () => {
  it('reads camelCase and snake_case names, booleans, enum names and numbers, integers as text', () => {
    expect(read('context_id=c&status=TASK_STATE_WORKING&pageSize=7&includeArtifacts=false')).toEqual({
      contextId: 'c',
      status: 'TASK_STATE_WORKING',
      pageSize: '7',
      includeArtifacts: false,
    });
    expect(read('status=2&include_artifacts=true')).toEqual({ status: 2, includeArtifacts: true });
  });

  it('ignores unknown names, A2A-Version among them, and reads an empty value as absent', () => {
    expect(read('A2A-Version=1.0&foo=bar&contextId=&pageSize=')).toEqual({});
  });

  it('keeps percent-decoded text, commas included, for a singular field', () => {
    expect(read('contextId=a%2Cb%20c')).toEqual({ contextId: 'a,b c' });
  });

  it.each(['pageSize=1&pageSize=1', 'pageSize=1&page_size=2', 'status=A&status=B'])(
    'rejects a field given twice (%s) with InvalidParams naming it',
    (query) => {
      const error = thrown(() => read(query));
      expect(isA2AError(error, 'InvalidParamsError')).toBe(true);
      expect((error as Error).message).toMatch(
        /^Invalid parameters: (pageSize|status): is given more than once/,
      );
    },
  );

  it.each(['TRUE', '1', 'yes'])('rejects the boolean %s', (text) => {
    const error = thrown(() => read(`includeArtifacts=${text}`));
    expect((error as Error).message).toBe('Invalid parameters: includeArtifacts: must be true or false');
  });
});
