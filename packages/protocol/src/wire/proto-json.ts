import * as z from 'zod/mini';
import { isJsonObject } from './is-json-object.ts';
import { preprocess } from './preprocess.ts';
import { useEnglishZodMessages } from './zod-english.ts';

// Every schema is built on this module, so its messages are English wherever a schema is used.
useEnglishZodMessages();

/**
 * ProtoJSON reading rules shared by every 1.0 schema: field names may arrive in lowerCamelCase (canonical)
 * or in the proto's snake_case, `null` means "absent", unknown fields are ignored, and enums may arrive as
 * their names or their integer numbers. Parsed output is always the canonical camelCase form.
 */

/** Converts a proto field name (`context_id`) to its ProtoJSON name (`contextId`). */
export function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** Options for {@link protoObject}. */
export interface ProtoObjectOptions {
  /** Fields typed `google.protobuf.Value`, where an explicit `null` is a value and must be kept. */
  readonly nullableValueFields?: readonly string[];
}

/**
 * Builds a ProtoJSON message schema: snake_case keys are renamed to the shape's camelCase keys, `null`
 * fields are dropped, unknown fields are stripped. Only this object's own keys are renamed; nested
 * `metadata`/`data` payloads are never touched.
 */
export function protoObject<Shape extends z.core.$ZodShape>(shape: Shape, options: ProtoObjectOptions = {}) {
  const known = new Set(Object.keys(shape));
  const keepNull = new Set(options.nullableValueFields ?? []);
  // Whether `input` can go to the object schema as it is: every key canonical and no null to drop. The schema
  // copies the object anyway, so the common case is checked without making a copy here.
  const isCanonical = (input: Record<string, unknown>): boolean => {
    for (const key in input) {
      if (!Object.hasOwn(input, key)) continue;
      if (input[key] === null || (!known.has(key) && key.includes('_'))) return false;
    }
    return true;
  };
  const normalize = (input: unknown): unknown => {
    if (!isJsonObject(input) || isCanonical(input)) return input;
    const output: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const name =
        !known.has(key) && key.includes('_') && known.has(snakeToCamel(key)) ? snakeToCamel(key) : key;
      if (value === null && !keepNull.has(name)) continue;
      if (name !== key && name in input) continue; // the camelCase spelling wins when both are sent
      output[name] = value;
    }
    return output;
  };
  return preprocess(normalize, z.object(shape));
}

/**
 * Builds a ProtoJSON enum schema from the enum's names in number order (index = proto number). Accepts the
 * name or the integer; outputs the name.
 */
export function protoEnum<const Names extends readonly [string, ...string[]]>(names: Names) {
  return preprocess(
    (input) => (typeof input === 'number' && Number.isInteger(input) ? (names[input] ?? input) : input),
    z.enum(names),
  );
}
