import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { formatIssuePath, fromZodError, parseOrThrow } from './from-zod-error.ts';

const PartSchema = z
  .object({
    text: z.optional(z.string()),
    raw: z.optional(z.string()),
    url: z.optional(z.string()),
    data: z.optional(z.unknown()),
  })
  .check(
    z.refine((p) => [p.text, p.raw, p.url, p.data].filter((v) => v !== undefined).length === 1, {
      message: 'expected exactly one of text, raw, url, data',
    }),
  );
const ParamsSchema = z.object({
  message: z.object({ messageId: z.string(), parts: z.array(PartSchema).check(z.minLength(1)) }),
});

describe('fromZodError', () => {
  it('names the offending field in the message and in a BadRequest', () => {
    const result = ParamsSchema.safeParse({ message: { messageId: 'm', parts: [{ text: 'a', url: 'b' }] } });
    if (result.success) throw new Error('expected a failure');
    const error = fromZodError(result.error);
    expect(error).toMatchObject({ name: 'InvalidParamsError', code: -32602 });
    expect(error.message).toBe(
      'Invalid parameters: message.parts[0]: expected exactly one of text, raw, url, data',
    );
    expect(error.details).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [
          { field: 'message.parts[0]', description: 'expected exactly one of text, raw, url, data' },
        ],
      },
    ]);
  });

  it('says a missing field is required rather than "received undefined"', () => {
    const result = ParamsSchema.safeParse({ message: { parts: [{ text: 'a' }] } });
    if (result.success) throw new Error('expected a failure');
    expect(fromZodError(result.error).message).toBe(
      'Invalid parameters: message.messageId: is required (expected string)',
    );
  });

  it('lists a few issues in the message and all of them in the details', () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string(), e: z.string() });
    const result = schema.safeParse({});
    if (result.success) throw new Error('expected a failure');
    const error = fromZodError(result.error);
    expect(error.message).toMatch(/^Invalid parameters: a: .+; b: .+; c: .+ \(and 2 more\)$/);
    const [badRequest] = error.details;
    expect(badRequest?.fieldViolations).toHaveLength(5);
  });

  it('makes an InvalidRequestError for envelope problems', () => {
    const result = z.object({ jsonrpc: z.literal('2.0') }).safeParse({ jsonrpc: '1.0' });
    if (result.success) throw new Error('expected a failure');
    const error = fromZodError(result.error, { error: 'request' });
    expect(error).toMatchObject({ name: 'InvalidRequestError', code: -32600 });
    expect(error.message).toMatch(/^Invalid request: jsonrpc: /);
  });

  it('describes a failure of the value itself without a field name', () => {
    const result = z.string().safeParse(1);
    if (result.success) throw new Error('expected a failure');
    expect(fromZodError(result.error).message).toBe(
      'Invalid parameters: Invalid input: expected string, received number',
    );
  });
});

describe('formatIssuePath', () => {
  it.each([
    [['message', 'parts', 0, 'text'], 'message.parts[0].text'],
    [[0, 'id'], '[0].id'],
    [['metadata', 'https://x.example/ext'], 'metadata["https://x.example/ext"]'],
    [[], ''],
  ] as const)('formats %j as %s', (path, expected) => {
    expect(formatIssuePath(path)).toBe(expected);
  });
});

describe('parseOrThrow', () => {
  it('returns the parsed value', () => {
    expect(parseOrThrow(z.object({ id: z.string() }), { id: 't', extra: 1 })).toEqual({ id: 't' });
  });

  it('throws an A2AError naming the field', () => {
    expect(() => parseOrThrow(z.object({ id: z.string() }), {})).toThrow(
      expect.objectContaining({ code: -32602, message: expect.stringContaining('id:') }),
    );
  });

  it('throws InvalidRequest when asked to', () => {
    expect(() => parseOrThrow(z.object({ id: z.string() }), {}, { error: 'request' })).toThrow(
      expect.objectContaining({ code: -32600 }),
    );
  });
});
