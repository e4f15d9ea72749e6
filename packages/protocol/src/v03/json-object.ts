import * as z from 'zod/mini';
import { isJsonObject } from '../wire/is-json-object.ts';
import { preprocess } from '../wire/preprocess.ts';

/**
 * Reading rules shared by every 0.3 JSON-RPC schema: plain JSON with camelCase names, unknown fields
 * stripped, and `null` in a field treated as if the field were absent (a2a-python 0.3 sometimes emits
 * `null` for unset optional fields).
 */

/** Returns a copy of a JSON object without its `null`-valued fields; anything else is returned unchanged. */
export function withoutNulls(input: unknown): unknown {
  if (!isJsonObject(input)) return input;
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== null) output[key] = value;
  }
  return output;
}

/** Builds a 0.3 object schema: `null` fields are dropped before validation, unknown fields are stripped. */
export function jsonObject<Shape extends z.core.$ZodShape>(shape: Shape) {
  return preprocess(withoutNulls, z.object(shape));
}

/**
 * Wraps an object schema that has a literal `kind` so that a `kind` left out by the sender is filled in
 * (peers often omit it where the type is already known). A `kind` that is present must still match.
 */
export function withDefaultKind<Schema extends z.ZodMiniType>(kind: string, schema: Schema) {
  return preprocess((input) => {
    const object = withoutNulls(input);
    return isJsonObject(object) && object.kind === undefined ? { ...object, kind } : object;
  }, schema);
}

/** Free-form extension metadata: a JSON object whose keys are left exactly as sent. */
export const MetadataSchema = z.record(z.string(), z.unknown());
/** Free-form extension metadata. */
export type Metadata = z.infer<typeof MetadataSchema>;

/**
 * Error messages for a union discriminated by `kind`: says whether `kind` was missing (and could not be
 * told from the object's fields) or held a value outside the union. Other issues keep zod's message.
 */
export function kindUnionError(what: string, kinds: readonly string[]) {
  return (issue: { code?: string; input?: unknown }): string | undefined => {
    if (issue.code === 'invalid_type') return `${what} must be a JSON object`;
    if (issue.code !== 'invalid_union') return undefined;
    const kind = isJsonObject(issue.input) ? issue.input.kind : undefined;
    return kind === undefined
      ? `${what} has no kind and its fields do not say which of ${kinds.join(', ')} it is`
      : `${what} kind ${JSON.stringify(kind)} is not one of ${kinds.join(', ')}`;
  };
}
