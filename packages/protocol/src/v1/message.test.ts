import { describe, expect, it } from 'vitest';
import { ArtifactSchema } from './artifact.ts';
import { MessageSchema } from './message.ts';

function pathsOf(result: { error?: { issues: { path: PropertyKey[] }[] } | undefined }) {
  return result.error?.issues.map((issue) => issue.path);
}

describe('MessageSchema', () => {
  it('reads snake_case names and an enum number, and outputs the canonical form', () => {
    const parsed = MessageSchema.parse({
      message_id: 'm1',
      context_id: 'c1',
      task_id: 't1',
      role: 2,
      parts: [{ text: 'hi', media_type: 'text/plain' }],
      reference_task_ids: ['t0'],
      extensions: ['https://ext/v1'],
    });
    expect(JSON.stringify(parsed)).toBe(
      '{"messageId":"m1","contextId":"c1","taskId":"t1","role":"ROLE_AGENT","parts":[{"text":"hi","mediaType":"text/plain"}],"extensions":["https://ext/v1"],"referenceTaskIds":["t0"]}',
    );
  });

  it('rejects a message with no parts', () => {
    const result = MessageSchema.safeParse({ messageId: 'm', role: 'ROLE_USER', parts: [] });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['parts'], message: 'must contain at least one part' }),
    ]);
  });

  it('rejects a message without role, naming the field', () => {
    expect(pathsOf(MessageSchema.safeParse({ messageId: 'm', parts: [{ text: 'x' }] }))).toEqual([['role']]);
  });

  it('rejects a 0.3 role name', () => {
    expect(
      pathsOf(MessageSchema.safeParse({ messageId: 'm', role: 'user', parts: [{ text: 'x' }] })),
    ).toEqual([['role']]);
  });

  it('rejects an empty messageId, since proto3 cannot tell it from unset', () => {
    const result = MessageSchema.safeParse({ messageId: '', role: 'ROLE_USER', parts: [{ text: 'x' }] });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['messageId'], message: 'must not be empty (the field is REQUIRED)' }),
    ]);
  });

  it('names the part index when one part is malformed', () => {
    const result = MessageSchema.safeParse({
      messageId: 'm',
      role: 'ROLE_USER',
      parts: [{ text: 'ok' }, { text: 'a', data: {} }],
    });
    expect(pathsOf(result)).toEqual([['parts', 1]]);
  });
});

describe('ArtifactSchema', () => {
  it('accepts a minimal artifact and reads artifact_id', () => {
    expect(ArtifactSchema.parse({ artifact_id: 'a1', parts: [{ data: 3 }] })).toEqual({
      artifactId: 'a1',
      parts: [{ data: 3 }],
    });
  });

  it('rejects an artifact with no parts or no id', () => {
    expect(pathsOf(ArtifactSchema.safeParse({ artifactId: 'a1', parts: [] }))).toEqual([['parts']]);
    expect(pathsOf(ArtifactSchema.safeParse({ parts: [{ text: 'x' }] }))).toEqual([['artifactId']]);
  });
});
