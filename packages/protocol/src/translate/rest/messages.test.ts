import { describe, expect, it } from 'vitest';
import { expectValid, recording } from '../../../test/fixtures/translate/helpers.ts';
import { type Message, MessageSchema } from '../../v1/message.ts';
import { type Part, PartSchema } from '../../v1/part.ts';
import * as rest from '../../v03/rest/index.ts';
import { TranslationError } from '../loss.ts';
import { artifactFromV03, artifactToV03, messageFromV03, messageToV03 } from './messages.ts';
import { partFromV03, partToV03 } from './parts.ts';

describe('REST parts', () => {
  it.each<[string, rest.Part, Part]>([
    ['text', { text: 'hi' }, { text: 'hi' }],
    [
      'bytes',
      { file: { fileWithBytes: 'aGk=', mimeType: 'text/plain' } },
      { raw: 'aGk=', mediaType: 'text/plain' },
    ],
    ['uri', { file: { fileWithUri: 'https://x/a.pdf' } }, { url: 'https://x/a.pdf' }],
    ['data', { data: { data: { k: [1] } } }, { data: { k: [1] } }],
  ])('maps a %s part both ways without losses', (_, restPart, v1Part) => {
    const { losses, options } = recording();
    expect(partFromV03(restPart)).toStrictEqual(v1Part);
    expectValid(PartSchema, partFromV03(restPart));
    const back = partToV03(v1Part, options);
    expect(back).toStrictEqual(restPart);
    expectValid(rest.PartSchema, back);
    expect(losses).toEqual([]);
  });

  it('reads a data part without data.data as an empty object', () => {
    expect(partFromV03({ data: {} })).toStrictEqual({ data: {} });
  });

  it('writes URL-safe base64 in the standard alphabet, as the JSON-RPC translation does (same bytes)', () => {
    expect(partToV03({ raw: '-_8' })).toStrictEqual({ file: { fileWithBytes: '+/8' } });
  });

  it('drops metadata, filename and a text mediaType, reporting each', () => {
    const { losses, options } = recording();
    expect(
      partToV03({ text: 'a', metadata: { m: 1 }, filename: 'a.txt', mediaType: 'text/plain' }, options),
    ).toStrictEqual({
      text: 'a',
    });
    expect(losses).toEqual([
      { path: 'filename', reason: '0.3 text parts have no filename; dropped' },
      { path: 'mediaType', reason: '0.3 text parts have no mediaType; dropped' },
      { path: 'metadata', reason: '0.3 REST parts have no metadata; dropped' },
    ]);
  });

  it('drops a file name but keeps the media type of a file', () => {
    const { losses, options } = recording();
    expect(partToV03({ url: 'u', filename: 'f.pdf', mediaType: 'application/pdf' }, options)).toStrictEqual({
      file: { fileWithUri: 'u', mimeType: 'application/pdf' },
    });
    expect(losses.map((loss) => loss.path)).toEqual(['filename']);
  });

  it('wraps a non-object data value as { value } without a flag, and reports that it reads back wrapped', () => {
    const { losses, options } = recording();
    const result = partToV03({ data: [1, 2] }, options);
    expect(result).toStrictEqual({ data: { data: { value: [1, 2] } } });
    expect(partFromV03(result)).toStrictEqual({ data: { value: [1, 2] } });
    expect(losses).toEqual([
      {
        path: 'data',
        reason:
          '0.3 data must be an object; the array is wrapped as { value } with metadata.data_part_compat: true (a2a-js/a2a-python convention, unwrapped on the way back)',
      },
      {
        path: 'metadata',
        reason:
          '0.3 REST parts have no metadata; dropped with its data_part_compat flag, so the { value } wrap reads back as that object',
      },
    ]);
    expect(() => partToV03({ data: 1 }, { strict: true })).toThrow(TranslationError);
  });
});

describe('REST messages', () => {
  const restMessage: rest.Message = {
    messageId: 'm1',
    contextId: 'c1',
    taskId: 't1',
    role: 'ROLE_USER',
    content: [{ text: 'Outline' }, { file: { fileWithBytes: 'aGk=', mimeType: 'text/plain' } }],
    metadata: { trace: 'abc' },
    extensions: ['https://ext'],
  };
  const v1Message: Message = {
    messageId: 'm1',
    contextId: 'c1',
    taskId: 't1',
    role: 'ROLE_USER',
    parts: [{ text: 'Outline' }, { raw: 'aGk=', mediaType: 'text/plain' }],
    metadata: { trace: 'abc' },
    extensions: ['https://ext'],
  };

  it('maps content to parts and back, field by field', () => {
    const v1 = messageFromV03(restMessage);
    expect(v1).toStrictEqual(v1Message);
    expectValid(MessageSchema, v1);
    const back = messageToV03(v1Message);
    expect(back).toStrictEqual(restMessage);
    expectValid(rest.MessageSchema, back);
  });

  it('drops referenceTaskIds and writes ROLE_UNSPECIFIED as ROLE_AGENT, reporting both', () => {
    const { losses, options } = recording();
    const result = messageToV03(
      { ...v1Message, role: 'ROLE_UNSPECIFIED', referenceTaskIds: ['t0'] },
      options,
    );
    expect(result).toStrictEqual({ ...restMessage, role: 'ROLE_AGENT' });
    expect(losses).toEqual([
      { path: 'role', reason: 'ROLE_UNSPECIFIED has no 0.3 form; written as "agent"' },
      { path: 'referenceTaskIds', reason: '0.3 REST messages have no referenceTaskIds; dropped' },
    ]);
  });

  it('reports part losses under parts[i]', () => {
    const { losses, options } = recording();
    messageToV03({ ...v1Message, parts: [{ text: 'a' }, { text: 'b', metadata: {} }] }, options);
    expect(losses.map((loss) => loss.path)).toEqual(['parts[1].metadata']);
  });

  it('throws on empty content, strict or not', () => {
    expect(() => messageFromV03({ ...restMessage, content: [] })).toThrow(
      'A2A 1.0 cannot express content: is empty, but 1.0 REQUIRES at least one entry',
    );
  });
});

describe('REST artifacts', () => {
  it('maps field by field both ways', () => {
    const restArtifact: rest.Artifact = {
      artifactId: 'a1',
      name: 'Result',
      description: 'All part kinds',
      parts: [{ text: '# Outline' }, { data: { data: { n: 1 } } }],
      metadata: { m: 1 },
      extensions: ['https://ext'],
    };
    const v1 = artifactFromV03(restArtifact);
    expect(v1).toStrictEqual({
      artifactId: 'a1',
      name: 'Result',
      description: 'All part kinds',
      parts: [{ text: '# Outline' }, { data: { n: 1 } }],
      metadata: { m: 1 },
      extensions: ['https://ext'],
    });
    expect(artifactToV03(v1)).toStrictEqual(restArtifact);
    expect(() => artifactFromV03({ ...restArtifact, parts: [] })).toThrow(TranslationError);
  });
});
