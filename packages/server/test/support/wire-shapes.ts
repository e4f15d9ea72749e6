/**
 * What every answer of the server must look like, whatever it was sent: JSON or SSE (never HTML, never a stack
 * trace), JSON-RPC envelopes with codes from the error table, and HTTP+JSON errors as google.rpc.Status (1.0) or
 * the 0.3 error object, each consistent with its HTTP status.
 */
import {
  A2A_ERROR_DOMAIN,
  ERROR_INFO_TYPE,
  errorByCode,
  errorByReason,
  JsonRpcErrorObjectSchema,
  RestErrorBodySchema,
  RPC_STATUS_NAMES,
} from '@baton/protocol';
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { dataOf, record } from './raw-http.ts';

export type WireVersion = '1.0' | '0.3';

/** An answer read in full (an SSE body is read until it ends or goes quiet, then let go). */
export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

const JSON_TYPES = ['application/json', 'application/a2a+json'];

/** Reads an answer; an SSE body that stays quiet for `idleMs` (a task waiting for input) is canceled. */
export async function readAnswer(response: Response, idleMs = 100): Promise<Answer> {
  const contentType = response.headers.get('Content-Type') ?? '';
  if (!contentType.startsWith('text/event-stream') || !response.body) {
    return { status: response.status, contentType, text: await response.text() };
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<'idle'>((resolve) => {
      timer = setTimeout(() => resolve('idle'), idleMs);
    });
    const read = await Promise.race([reader.read(), idle]);
    clearTimeout(timer);
    if (read === 'idle') {
      await reader.cancel();
      // Keep whole frames only: a stream let go mid-frame is the test's doing, not the server's.
      text = text.slice(0, text.lastIndexOf('\n\n') + 2);
      break;
    }
    if (read.done) break;
    text += decoder.decode(read.value, { stream: true });
  }
  return { status: response.status, contentType, text };
}

/** No HTML, no stack trace, JSON or SSE as the Content-Type says. */
export function expectCleanAnswer(answer: Answer): void {
  expect(answer.text).not.toMatch(/^\s+at /m);
  expect(answer.text.trimStart().startsWith('<')).toBe(false);
  expect(answer.status).not.toBe(500);
  if (answer.contentType === 'text/event-stream') {
    expect(answer.status).toBe(200);
    return;
  }
  expect(JSON_TYPES).toContain(answer.contentType);
  if (answer.text !== '') JSON.parse(answer.text);
}

/** The frames of an SSE body: `data:` frames and `event: error` frames, with their parsed data. */
export function sseFrames(text: string): { readonly error: boolean; readonly data: unknown }[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .filter((frame) => !frame.startsWith(':'))
    .map((frame) =>
      frame.startsWith('event: error\n')
        ? { error: true, data: dataOf(frame.slice('event: error\n'.length)) }
        : { error: false, data: dataOf(frame) },
    );
}

/** A JSON-RPC error object: a code from the table, a message, and `data` in the version's form. */
export function expectJsonRpcError(error: unknown, version: WireVersion | undefined): void {
  const parsed = JsonRpcErrorObjectSchema.parse(error);
  const row = errorByCode(parsed.code);
  expect(row, `code ${parsed.code}`).toBeDefined();
  expect(parsed.message).not.toBe('');
  const form = version ?? (Array.isArray(parsed.data) ? '1.0' : '0.3');
  if (form === '1.0') {
    expect(Array.isArray(parsed.data)).toBe(true);
    const info = record(Array.isArray(parsed.data) ? parsed.data[0] : undefined);
    expect(info).toMatchObject({ '@type': ERROR_INFO_TYPE, reason: row?.reason, domain: A2A_ERROR_DOMAIN });
  } else if (parsed.data !== undefined) {
    record(parsed.data);
  }
}

/** A JSON-RPC response to `id`: `jsonrpc`, the id, and exactly one of `result` and `error`. */
export function expectJsonRpcEnvelope(body: unknown, id: unknown, version: WireVersion | undefined): void {
  const envelope = record(body);
  expect(envelope.jsonrpc).toBe('2.0');
  expect(envelope.id).toEqual(id);
  expect('result' in envelope).not.toBe('error' in envelope);
  if ('error' in envelope) expectJsonRpcError(envelope.error, version);
}

/** HTTP statuses the binding itself sets, outside the error table. */
const BINDING_STATUSES = new Set([405, 413, 415]);

/**
 * An HTTP+JSON error body in the version's format, its HTTP status matching the table (`status` undefined: an
 * `event: error` frame inside an SSE stream, which has no status of its own).
 */
export function expectRestError(
  status: number | undefined,
  body: unknown,
  version: WireVersion | undefined,
): void {
  const isV1 = typeof record(body).error === 'object';
  if (version !== undefined) expect(isV1 ? '1.0' : '0.3').toBe(version);
  if (isV1) {
    const { error } = RestErrorBodySchema.parse(body);
    if (status !== undefined) expect(error.code).toBe(status);
    expect(RPC_STATUS_NAMES).toContain(error.status);
    const info = error.details[0];
    expect(info?.['@type']).toBe(ERROR_INFO_TYPE);
    const row = errorByReason(String(info?.reason));
    expect(row, `reason ${String(info?.reason)}`).toBeDefined();
    expect(error.code).toBe(BINDING_STATUSES.has(error.code) ? error.code : row?.httpStatus);
    return;
  }
  const parsed = z.strictObject(JsonRpcErrorObjectSchema.shape).parse(body);
  const row = errorByCode(parsed.code);
  expect(row, `code ${parsed.code}`).toBeDefined();
  if (status !== undefined && !BINDING_STATUSES.has(status)) expect(status).toBe(row?.httpStatus);
}
