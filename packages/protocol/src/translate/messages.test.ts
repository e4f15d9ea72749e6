import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../test/fixtures/translate/helpers.ts';
import { type Artifact, ArtifactSchema } from '../v1/artifact.ts';
import { type Message, MessageSchema } from '../v1/message.ts';
import * as v03 from '../v03/index.ts';
import { artifactFromV03, artifactToV03 } from './artifacts.ts';
import { TranslationError } from './loss.ts';
import { messageFromV03, messageToV03 } from './messages.ts';

const v03Message: v03.Message = {
  kind: 'message',
  messageId: 'm1',
  role: 'agent',
  parts: [
    { kind: 'text', text: 'Here' },
    { kind: 'file', file: { uri: 'https://x/r.pdf', name: 'r.pdf', mimeType: 'application/pdf' } },
  ],
  contextId: 'c1',
  taskId: 't1',
  referenceTaskIds: ['t0'],
  extensions: ['https://ext/v1'],
  metadata: { trace: { id: 'abc' } },
};

const v1Message: Message = {
  messageId: 'm1',
  contextId: 'c1',
  taskId: 't1',
  role: 'ROLE_AGENT',
  parts: [{ text: 'Here' }, { url: 'https://x/r.pdf', filename: 'r.pdf', mediaType: 'application/pdf' }],
  metadata: { trace: { id: 'abc' } },
  extensions: ['https://ext/v1'],
  referenceTaskIds: ['t0'],
};

describe('messages', () => {
  it('maps a 0.3 message field by field', () => {
    const result = messageFromV03(v03Message);
    expect(result).toStrictEqual(v1Message);
    expectValid(MessageSchema, result);
    expect(result.metadata).not.toBe(v03Message.metadata);
    expect(result.extensions).not.toBe(v03Message.extensions);
  });

  it('maps a 1.0 message field by field, adding kind', () => {
    const { losses, options } = recording();
    const result = messageToV03(v1Message, options);
    expect(result).toStrictEqual(v03Message);
    expectValid(v03.MessageSchema, result);
    expect(losses).toEqual([]);
  });

  it('maps a minimal user message both ways', () => {
    expect(
      messageFromV03({ kind: 'message', messageId: 'u', role: 'user', parts: [{ kind: 'text', text: 'q' }] }),
    ).toStrictEqual({
      messageId: 'u',
      role: 'ROLE_USER',
      parts: [{ text: 'q' }],
    });
    expect(messageToV03({ messageId: 'u', role: 'ROLE_USER', parts: [{ text: 'q' }] })).toStrictEqual({
      kind: 'message',
      messageId: 'u',
      role: 'user',
      parts: [{ kind: 'text', text: 'q' }],
    });
  });

  it('reports part and role losses under their full paths', () => {
    const { losses, options } = recording();
    const result = messageToV03(
      { messageId: 'm', role: 'ROLE_UNSPECIFIED', parts: [{ text: 'a' }, { data: 5, filename: 'f' }] },
      { ...options, path: 'status.message' },
    );
    expect(result.role).toBe('agent');
    expect(losses.map((loss) => loss.path)).toEqual([
      'status.message.role',
      'status.message.parts[1].filename',
      'status.message.parts[1].data',
    ]);
  });

  it('throws on a 0.3 message without parts or messageId, strict or not', () => {
    const empty: v03.Message = { kind: 'message', messageId: 'm', role: 'user', parts: [] };
    expect(() => messageFromV03(empty)).toThrow(
      new TranslationError('1.0', 'parts', 'is empty, but 1.0 REQUIRES at least one entry'),
    );
    expect(() => messageFromV03({ ...v03Message, messageId: '' }, { path: 'message' })).toThrow(
      'A2A 1.0 cannot express message.messageId: is empty, but 1.0 REQUIRES a value',
    );
  });

  it('round-trips both ways', () => {
    expect(messageToV03(messageFromV03(v03Message))).toStrictEqual(v03Message);
    expect(messageFromV03(messageToV03(v1Message))).toStrictEqual(v1Message);
  });
});

describe('artifacts', () => {
  const v03Artifact: v03.Artifact = {
    artifactId: 'a1',
    name: 'Report',
    description: 'The report',
    parts: [{ kind: 'data', data: { rows: 2 } }],
    extensions: ['https://ext/cite'],
    metadata: { source: 'x' },
  };
  const v1Artifact: Artifact = {
    artifactId: 'a1',
    name: 'Report',
    description: 'The report',
    parts: [{ data: { rows: 2 } }],
    metadata: { source: 'x' },
    extensions: ['https://ext/cite'],
  };

  it('maps field by field both ways', () => {
    expect(artifactFromV03(v03Artifact)).toStrictEqual(v1Artifact);
    expect(artifactToV03(v1Artifact)).toStrictEqual(v03Artifact);
    expectValid(ArtifactSchema, artifactFromV03(v03Artifact));
    expectValid(v03.ArtifactSchema, artifactToV03(v1Artifact));
  });

  it('reports part losses under parts[i]', () => {
    const { losses, options } = recording();
    artifactToV03({ artifactId: 'a', parts: [{ text: 't', mediaType: 'text/markdown' }] }, options);
    expect(losses.map((loss) => loss.path)).toEqual(['parts[0].mediaType']);
  });

  it('throws on an empty artifactId or no parts', () => {
    expect(() => artifactFromV03({ ...v03Artifact, artifactId: '' })).toThrow(TranslationError);
    expect(() => artifactFromV03({ ...v03Artifact, parts: [] })).toThrow('cannot express parts');
  });
});
