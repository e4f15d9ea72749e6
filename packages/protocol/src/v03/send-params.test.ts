import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { MessageSendConfigurationSchema, MessageSendParamsSchema } from './send-params.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const message = { messageId: 'm1', role: 'user', parts: [{ text: 'hello' }] };

describe('MessageSendParamsSchema', () => {
  it('parses params with every configuration option', () => {
    const params = {
      message,
      configuration: {
        acceptedOutputModes: ['text/plain'],
        historyLength: 5,
        pushNotificationConfig: { url: 'https://client.example.com/hook' },
        blocking: false,
      },
      metadata: { trace: 'abc' },
    };
    expect(MessageSendParamsSchema.parse(params)).toEqual({
      ...params,
      message: { kind: 'message', ...message, parts: [{ kind: 'text', text: 'hello' }] },
    });
  });

  it('treats a null configuration as absent', () => {
    expect(MessageSendParamsSchema.parse({ message, configuration: null }).configuration).toBeUndefined();
  });

  it('names the file part that has both bytes and uri', () => {
    const params = {
      message: { ...message, parts: [{ kind: 'file', file: { bytes: 'AAAA', uri: 'https://x' } }] },
    };
    expect(issues(MessageSendParamsSchema, params)).toEqual([
      {
        path: ['message', 'parts', 0, 'file'],
        message: 'file has both bytes and uri; send exactly one of them',
      },
    ]);
  });

  it('names a missing message', () => {
    expect(
      issues(MessageSendParamsSchema, { configuration: { blocking: true } })?.map((i) => i.path),
    ).toEqual([['message']]);
  });

  it('rejects a 1.0 wrapper-style part inside a 0.3 message', () => {
    const params = { message: { ...message, parts: [{ kind: 'text', text: 'a' }, { raw: 'AAAA' }] } };
    expect(issues(MessageSendParamsSchema, params)?.map((i) => i.path)).toEqual([
      ['message', 'parts', 1, 'kind'],
    ]);
  });
});

describe('MessageSendConfigurationSchema', () => {
  it.each([-1, 1.5, '3'])('rejects historyLength %s', (historyLength) => {
    expect(issues(MessageSendConfigurationSchema, { historyLength })?.map((i) => i.path)).toEqual([
      ['historyLength'],
    ]);
  });

  it('accepts historyLength 0', () => {
    expect(MessageSendConfigurationSchema.parse({ historyLength: 0 })).toEqual({ historyLength: 0 });
  });
});
