import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { MessageSchema } from './message.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const userMessage = { messageId: 'm1', role: 'user', parts: [{ text: 'hi' }] };

describe('MessageSchema', () => {
  it('fills in kind on a message and its parts sent without one', () => {
    expect(MessageSchema.parse(userMessage)).toEqual({
      kind: 'message',
      messageId: 'm1',
      role: 'user',
      parts: [{ kind: 'text', text: 'hi' }],
    });
  });

  it('keeps every optional field', () => {
    const full = {
      kind: 'message',
      messageId: 'm1',
      role: 'agent',
      parts: [],
      contextId: 'c1',
      taskId: 't1',
      referenceTaskIds: ['t0'],
      extensions: ['https://ext.example/v1'],
      metadata: { 'https://ext.example/v1': { deep: { snake_key: 1 } } },
    };
    expect(MessageSchema.parse(full)).toEqual(full);
  });

  it('treats null optional fields as absent, as a2a-python sends them', () => {
    expect(
      MessageSchema.parse({
        ...userMessage,
        contextId: null,
        taskId: null,
        metadata: null,
        extensions: null,
      }),
    ).toEqual({ kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] });
  });

  it('rejects another kind at the kind field', () => {
    expect(issues(MessageSchema, { ...userMessage, kind: 'task' })?.[0]?.path).toEqual(['kind']);
  });

  it('rejects an unknown role', () => {
    expect(issues(MessageSchema, { ...userMessage, role: 'ROLE_USER' })?.[0]?.path).toEqual(['role']);
  });

  it('names a missing messageId', () => {
    const { messageId: _, ...withoutId } = userMessage;
    expect(issues(MessageSchema, withoutId)?.map((issue) => issue.path)).toEqual([['messageId']]);
  });

  it('names the bad part by its index', () => {
    expect(
      issues(MessageSchema, { ...userMessage, parts: [{ text: 'ok' }, { file: { bytes: '%%' } }] }),
    ).toEqual([
      {
        path: ['parts', 1, 'file', 'bytes'],
        message: 'must be base64 (letters, digits, + and /, optionally padded with =)',
      },
    ]);
  });
});
