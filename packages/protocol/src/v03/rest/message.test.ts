import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { MessageSchema } from './message.ts';
import { PartSchema } from './part.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('0.3 REST PartSchema', () => {
  it('reads the three part forms and snake_case file fields', () => {
    expect(PartSchema.parse({ text: '' })).toEqual({ text: '' });
    expect(
      PartSchema.parse({ file: { file_with_uri: 'https://x/a.pdf', mime_type: 'application/pdf' } }),
    ).toEqual({
      file: { fileWithUri: 'https://x/a.pdf', mimeType: 'application/pdf' },
    });
    expect(PartSchema.parse({ file: { fileWithBytes: 'aGVsbG8_' } })).toEqual({
      file: { fileWithBytes: 'aGVsbG8_' },
    });
    expect(PartSchema.parse({ data: { data: { a: [1] } } })).toEqual({ data: { data: { a: [1] } } });
  });

  it('rejects a part with two members or none', () => {
    expect(issues(PartSchema, { text: 'a', data: { data: {} } })).toEqual([
      { path: [], message: 'expected exactly one of text, file, data, got text and data' },
    ]);
    expect(issues(PartSchema, { kind: 'text' })?.[0]?.message).toBe(
      'expected exactly one of text, file, data, got none',
    );
  });

  it('rejects the JSON-RPC file shape, naming the file', () => {
    expect(issues(PartSchema, { kind: 'file', file: { uri: 'https://x/a.pdf' } })).toEqual([
      { path: ['file'], message: 'expected exactly one of fileWithUri, fileWithBytes, got none' },
    ]);
  });

  it('rejects bytes that are not base64', () => {
    expect(issues(PartSchema, { file: { fileWithBytes: 'not base64!' } })?.[0]?.path).toEqual([
      'file',
      'fileWithBytes',
    ]);
  });
});

describe('0.3 REST MessageSchema', () => {
  it('reads role numbers and snake_case names, and fills in an omitted empty content', () => {
    expect(MessageSchema.parse({ message_id: 'm1', context_id: 'c1', role: 2 })).toEqual({
      messageId: 'm1',
      contextId: 'c1',
      role: 'ROLE_AGENT',
      content: [],
    });
  });

  it('strips referenceTaskIds, which the 0.3 proto message does not have', () => {
    expect(MessageSchema.parse({ messageId: 'm1', role: 'ROLE_USER', referenceTaskIds: ['t0'] })).toEqual({
      messageId: 'm1',
      role: 'ROLE_USER',
      content: [],
    });
  });

  it('rejects a JSON-RPC-shaped message instead of reading it as empty', () => {
    expect(
      issues(MessageSchema, { messageId: 'm1', role: 'ROLE_USER', parts: [{ kind: 'text', text: 'hi' }] }),
    ).toEqual([{ path: ['parts'], message: 'a 0.3 REST message carries its parts in content, not parts' }]);
  });

  it('rejects an unspecified or JSON-RPC role', () => {
    expect(issues(MessageSchema, { messageId: 'm1', role: 0 })).toEqual([
      { path: ['role'], message: 'role must be ROLE_USER or ROLE_AGENT' },
    ]);
    expect(issues(MessageSchema, { messageId: 'm1', role: 'user' })?.[0]?.path).toEqual(['role']);
  });

  it('names the bad part by its index', () => {
    const message = { messageId: 'm1', role: 'ROLE_USER', content: [{ text: 'ok' }, {}] };
    expect(issues(MessageSchema, message)?.map((issue) => issue.path)).toEqual([['content', 1]]);
  });
});
