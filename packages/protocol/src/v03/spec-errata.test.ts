import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { type Envelope, loadFixture } from '../../test/fixtures/v03/helpers.ts';
import { SendMessageResultSchema } from './results.ts';
import { MessageSendParamsSchema } from './send-params.ts';

function issuePaths(schema: z.ZodMiniType, input: unknown): PropertyKey[][] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.path) ?? [];
}

describe('spec examples that break the 0.3 schema', () => {
  const errata = loadFixture<Record<string, Envelope>>('spec-errata.json');

  it('rejects the 9.2 direct message reply, which has no role', () => {
    expect(issuePaths(SendMessageResultSchema, errata.messageResponseWithoutRole?.result)).toEqual([
      ['role'],
    ]);
  });

  it('rejects the 9.3 file part that carries data instead of bytes', () => {
    expect(issuePaths(MessageSendParamsSchema, errata.fileWithDataInsteadOfBytes?.params)).toEqual([
      ['message', 'parts', 1, 'file'],
    ]);
  });

  it('rejects the 9.4 request whose messageId is outside the message', () => {
    expect(issuePaths(MessageSendParamsSchema, errata.messageIdOutsideMessage?.params)).toEqual([
      ['message', 'messageId'],
    ]);
  });

  it('rejects the 9.4 status message without a messageId', () => {
    expect(issuePaths(SendMessageResultSchema, errata.statusMessageWithoutMessageId?.result)).toEqual([
      ['status', 'message', 'messageId'],
    ]);
  });

  it('rejects the 9.6 bytes that end in an ellipsis', () => {
    expect(issuePaths(MessageSendParamsSchema, errata.truncatedBase64?.params)).toEqual([
      ['message', 'parts', 1, 'file', 'bytes'],
    ]);
  });
});
