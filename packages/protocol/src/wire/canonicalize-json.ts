/**
 * RFC 8785 (JSON Canonicalization Scheme): object members sorted by their names' UTF-16 code units,
 * numbers in ECMAScript shortest round-trip form, strings escaped as `JSON.stringify` does, no whitespace.
 * Those are exactly the ECMAScript serialization rules, which the RFC adopts, so each primitive is written
 * by `JSON.stringify`; this function adds the ordering and rejects what I-JSON (RFC 7493) forbids.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function fail(path: string, reason: string): never {
  throw new TypeError(`cannot canonicalize ${path === '' ? 'the value' : path}: ${reason}`);
}

function writeString(value: string, path: string): string {
  if (LONE_SURROGATE.test(value)) fail(path, 'string contains a lone surrogate (not I-JSON)');
  return JSON.stringify(value);
}

function write(value: unknown, path: string): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return writeString(value, path);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(path, `${value} is not a JSON number`);
    return JSON.stringify(value); // -0 becomes "0", as RFC 8785 §3.2.2.3 requires
  }
  if (Array.isArray(value)) {
    return `[${value.map((item, index) => write(item, `${path}[${index}]`)).join(',')}]`;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Default sort compares UTF-16 code units, the order RFC 8785 §3.2.3 prescribes.
    const names = Object.keys(record)
      .filter((name) => record[name] !== undefined)
      .sort();
    const members = names.map(
      (name) => `${writeString(name, path)}:${write(record[name], path === '' ? name : `${path}.${name}`)}`,
    );
    return `{${members.join(',')}}`;
  }
  return fail(path, `a ${typeof value} is not JSON`);
}

/**
 * Serializes a JSON value in RFC 8785 canonical form. Object members whose value is `undefined` are left out
 * (as `JSON.stringify` does); `NaN`, `Infinity`, lone surrogates and non-JSON types throw a `TypeError`.
 *
 * @example
 * canonicalizeJson({ b: 1, a: [true, 1e30] }); // '{"a":[true,1e+30],"b":1}'
 */
export function canonicalizeJson(value: unknown): string {
  return write(value, '');
}
