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

/**
 * Whether JSON text nests objects or arrays deeper than `limit`, read without parsing it: one pass over the
 * characters, strings skipped, nothing allocated. A body is checked with this before `JSON.parse`, so a deep one
 * costs no more memory than its bytes (a parsed 4 MiB body of nested arrays is a tree of about 200 MiB). Text
 * that is not JSON may pass; the parser refuses it next.
 */
export function jsonTextNestsDeeperThan(text: string, limit: number): boolean {
  // Each level opens with a character of its own: shorter text cannot be deeper (most requests end here).
  if (text.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * How deep text may nest and still be parsed, so that {@link assertJsonDepth} can name the field that is too
 * deep: ten times the limit costs a few kilobytes of tree. Deeper text is refused unparsed.
 */
export const MAX_PARSED_JSON_DEPTH = 10 * MAX_JSON_DEPTH;

/**
 * Throws the InvalidParams of {@link assertJsonDepth} (without the field, which only parsing would find) when
 * JSON text nests deeper than {@link MAX_PARSED_JSON_DEPTH} (counted from `root`, `levelsAbove` levels below
 * the text's own top), before it is parsed. What is deeper than the limit but not that deep is parsed, and
 * `assertJsonDepth` refuses it, naming the field.
 */
export function assertJsonTextDepth(text: string, root = '', levelsAbove = 0): void {
  if (!jsonTextNestsDeeperThan(text, MAX_PARSED_JSON_DEPTH + levelsAbove)) return;
  const field = root === '' ? 'body' : root;
  const description = `nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels, the limit`;
  throw A2AError.invalidParams(`Invalid params: ${root === '' ? 'the body' : root} ${description}`, [
    { field, description },
  ]);
}
