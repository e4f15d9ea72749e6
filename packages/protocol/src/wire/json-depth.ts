import { A2AError } from '../errors/a2a-error.ts';
import { formatIssuePath } from '../errors/from-zod-error.ts';

/**
 * The deepest nesting of objects and arrays a request may have (counted from the params, or the REST body), as
 * protobuf's JSON reader allows. Deeper values would exhaust the validator's stack; they are refused first.
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The path to the first object or array nested deeper than `limit`, or `undefined` when none is. Walks the
 * value with its own stack (any depth is safe), and builds a path only when it finds one.
 */
export function findTooDeep(value: unknown, limit = MAX_JSON_DEPTH): (string | number)[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limit) return pathTo(value, limit);
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return undefined;
}

/** The path to the first container past `limit`, searched depth-first (recursion stays within `limit`). */
function pathTo(value: unknown, limit: number, depth = 1): (string | number)[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > limit) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((child, index) => [index, child])
    : Object.entries(value);
  for (const [key, child] of entries) {
    const below = pathTo(child, limit, depth + 1);
    if (below) return [key, ...below];
  }
  return undefined;
}

/**
 * Throws InvalidParams when `value` nests deeper than {@link MAX_JSON_DEPTH}, naming where (the first few keys of
 * the path under `root`) and the limit. Both bindings call it on what they parsed, before any validation.
 */
export function assertJsonDepth(value: unknown, root = ''): void {
  const path = findTooDeep(value);
  if (path === undefined) return;
  const shown = path.slice(0, 6);
  const field = formatIssuePath(root === '' ? shown : [root, ...shown]);
  const where = `${field}${path.length > shown.length ? '…' : ''}`;
  const description = `nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels, the limit`;
  throw A2AError.invalidParams(`Invalid params: ${where === '' ? 'the body' : where} ${description}`, [
    { field: field || 'body', description },
  ]);
}
