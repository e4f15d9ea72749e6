import { isJsonObject } from '../wire/is-json-object.ts';
/**
 * Copying helpers: translated values never share objects or arrays with their input, and optional fields are
 * omitted rather than set to `undefined` (`exactOptionalPropertyTypes`).
 */

/** Deep-copies a JSON value; an own `__proto__` key is copied as data (`Object.fromEntries`), never as a prototype. */
export function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneJson(item)) as T;
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cloneJson(item)])) as T;
}

/** `{ [key]: value }` when `value` is defined, `{}` otherwise; spread it into an object literal. */
export function optional<Key extends string, Value>(
  key: Key,
  value: Value | undefined,
): { [K in Key]?: Value } {
  return (value === undefined ? {} : { [key]: value }) as { [K in Key]?: Value };
}

/** `optional(key, cloneJson(value))`: an optional field whose value is copied. */
export function optionalCopy<Key extends string, Value>(
  key: Key,
  value: Value | undefined,
): { [K in Key]?: Value } {
  return optional(key, value === undefined ? undefined : cloneJson(value));
}
