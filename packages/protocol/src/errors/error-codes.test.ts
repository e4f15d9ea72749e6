import { describe, expect, it } from 'vitest';
import { A2AError } from './a2a-error.ts';
import { A2A_ERROR_DEFINITIONS, A2A_ERRORS, errorByCode, errorByName, errorByReason } from './error-codes.ts';

// Written out by hand from spec §5.4 (v1.0.1) and §9.5, so an edit to the table that breaks the mapping fails here.
const EXPECTED = [
  ['JSONParseError', -32700, 'JSON_PARSE', 400, 'INVALID_ARGUMENT'],
  ['InvalidRequestError', -32600, 'INVALID_REQUEST', 400, 'INVALID_ARGUMENT'],
  ['MethodNotFoundError', -32601, 'METHOD_NOT_FOUND', 404, 'NOT_FOUND'],
  ['InvalidParamsError', -32602, 'INVALID_PARAMS', 400, 'INVALID_ARGUMENT'],
  ['InternalError', -32603, 'INTERNAL_ERROR', 500, 'INTERNAL'],
  ['TaskNotFoundError', -32001, 'TASK_NOT_FOUND', 404, 'NOT_FOUND'],
  ['TaskNotCancelableError', -32002, 'TASK_NOT_CANCELABLE', 400, 'FAILED_PRECONDITION'],
  [
    'PushNotificationNotSupportedError',
    -32003,
    'PUSH_NOTIFICATION_NOT_SUPPORTED',
    400,
    'FAILED_PRECONDITION',
  ],
  ['UnsupportedOperationError', -32004, 'UNSUPPORTED_OPERATION', 400, 'FAILED_PRECONDITION'],
  ['ContentTypeNotSupportedError', -32005, 'CONTENT_TYPE_NOT_SUPPORTED', 400, 'INVALID_ARGUMENT'],
  ['InvalidAgentResponseError', -32006, 'INVALID_AGENT_RESPONSE', 500, 'INTERNAL'],
  [
    'ExtendedAgentCardNotConfiguredError',
    -32007,
    'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
    400,
    'FAILED_PRECONDITION',
  ],
  ['ExtensionSupportRequiredError', -32008, 'EXTENSION_SUPPORT_REQUIRED', 400, 'FAILED_PRECONDITION'],
  ['VersionNotSupportedError', -32009, 'VERSION_NOT_SUPPORTED', 400, 'FAILED_PRECONDITION'],
  // The 1.1 draft's §5.4 row (dev-1.1 branch): JSON-RPC -32010, gRPC ABORTED, HTTP 409.
  ['TaskGenerationMismatchError', -32010, 'TASK_GENERATION_MISMATCH', 409, 'ABORTED'],
] as const;

describe('error table', () => {
  it('has exactly the rows of the expected table', () => {
    expect(Object.keys(A2A_ERRORS).sort()).toEqual(EXPECTED.map(([name]) => name).sort());
  });

  it.each(EXPECTED)(
    'maps %s to code %i, reason %s, HTTP %i, status %s',
    (name, code, reason, http, status) => {
      const row = A2A_ERRORS[name];
      expect({ code: row.code, reason: row.reason, httpStatus: row.httpStatus, status: row.status }).toEqual({
        code,
        reason,
        httpStatus: http,
        status,
      });
    },
  );

  it.each(EXPECTED)('finds %s by code, by reason and by name', (name, code, reason) => {
    expect(errorByCode(code)?.name).toBe(name);
    expect(errorByReason(reason)?.name).toBe(name);
    expect(errorByName(name)?.code).toBe(code);
  });

  it('gives every row a distinct code and a distinct reason', () => {
    expect(new Set(A2A_ERROR_DEFINITIONS.map((d) => d.code)).size).toBe(EXPECTED.length);
    expect(new Set(A2A_ERROR_DEFINITIONS.map((d) => d.reason)).size).toBe(EXPECTED.length);
  });

  it('derives every A2A-specific reason from the name: UPPER_SNAKE without the Error suffix', () => {
    for (const d of A2A_ERROR_DEFINITIONS.filter((row) => row.code > -32100)) {
      const derived = d.name
        .replace(/Error$/, '')
        .replace(/([a-z])([A-Z])/g, '$1_$2')
        .toUpperCase();
      expect(d.reason).toBe(derived);
    }
  });

  it('knows -32007 under its 0.3 name too', () => {
    expect(errorByName('AuthenticatedExtendedCardNotConfiguredError')?.code).toBe(-32007);
  });

  it('accepts the reason aliases other SDKs send', () => {
    expect(errorByReason('PARSE_ERROR')?.name).toBe('JSONParseError');
    expect(errorByReason('INTERNAL')?.name).toBe('InternalError');
    expect(errorByReason('AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED')?.name).toBe(
      'ExtendedAgentCardNotConfiguredError',
    );
  });

  it('marks the errors that 0.3 does not have', () => {
    const only10 = A2A_ERROR_DEFINITIONS.filter((d) => d.since === '1.0').map((d) => d.code);
    expect(only10).toEqual([-32008, -32009]);
    expect(A2A_ERROR_DEFINITIONS.filter((d) => d.since === '1.1').map((d) => d.code)).toEqual([-32010]);
  });

  it('returns undefined for unknown codes, reasons and names, including prototype keys', () => {
    expect(errorByCode(-32050)).toBeUndefined();
    expect(errorByReason('NOPE')).toBeUndefined();
    expect(errorByName('toString')).toBeUndefined();
    expect(errorByReason('__proto__')).toBeUndefined();
  });

  it('builds every row with its default message', () => {
    for (const d of A2A_ERROR_DEFINITIONS) {
      const error = A2AError.from(d.name);
      expect([error.name, error.code, error.reason, error.message]).toEqual([
        d.name,
        d.code,
        d.reason,
        d.message,
      ]);
    }
  });
});
