import type * as z from 'zod/mini';
import { useEnglishZodMessages } from '../wire/zod-english.ts';
import { A2AError } from './a2a-error.ts';
import type { FieldViolation } from './error-wire.ts';

// The issues this module describes carry zod's English messages, whoever built the schema.
useEnglishZodMessages();

/** Which A2A error a validation failure becomes: bad params (-32602) or a bad envelope (-32600). */
export type ValidationErrorKind = 'params' | 'request';

/** Options for {@link fromZodError} and {@link parseOrThrow}. */
export interface ValidationErrorOptions {
  /** `params` (default) gives InvalidParamsError, `request` gives InvalidRequestError. */
  readonly error?: ValidationErrorKind;
}

// Enough to locate the problem in a message; the BadRequest detail always lists every violation.
const MAX_ISSUES_IN_MESSAGE = 3;

/** Formats a zod issue path the way google.rpc.BadRequest names fields: `message.parts[0].text`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Says "is required" for a missing field instead of zod's "expected object, received undefined". */
function describeIssue(issue: z.core.$ZodIssue): string {
  const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
  return missing ? `is required (expected ${issue.expected})` : issue.message;
}

/** One field violation per zod issue, `field` being the formatted path (empty for the value itself). */
export function zodIssuesToFieldViolations(issues: readonly z.core.$ZodIssue[]): FieldViolation[] {
  return issues.map((issue) => ({ field: formatIssuePath(issue.path), description: describeIssue(issue) }));
}

/**
 * Turns a zod error into an InvalidParamsError (or InvalidRequestError) whose message names the fields,
 * e.g. `Invalid parameters: message.parts[0]: expected exactly one of text, raw, url, data`, and whose
 * details carry a google.rpc.BadRequest with every violation.
 */
export function fromZodError(error: z.core.$ZodError, options: ValidationErrorOptions = {}): A2AError {
  const violations = zodIssuesToFieldViolations(error.issues);
  const shown = violations
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((v) => (v.field ? `${v.field}: ${v.description}` : v.description));
  const more = violations.length - shown.length;
  const summary = shown.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
  const request = options.error === 'request';
  const message = `${request ? 'Invalid request' : 'Invalid parameters'}${summary ? `: ${summary}` : ''}`;
  return request ? A2AError.invalidRequest(message, violations) : A2AError.invalidParams(message, violations);
}

/** Validates `value` with `schema`, returning the parsed output or throwing an A2AError built by {@link fromZodError}. */
export function parseOrThrow<Schema extends z.ZodMiniType>(
  schema: Schema,
  value: unknown,
  options: ValidationErrorOptions = {},
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZodError(result.error, options);
  return result.data;
}
