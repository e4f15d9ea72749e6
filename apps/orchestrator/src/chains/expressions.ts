import { Environment } from '@marcbachmann/cel-js';

/**
 * Chain conditions are CEL (Common Expression Language): side-effect free, not Turing complete, no I/O, and
 * bounded at parse time (length, AST size and depth below). docs/chain.md says what was weighed against
 * JSONata and jq.
 */

/** Longest expression a chain may hold, in characters. */
export const MAX_EXPRESSION_LENGTH = 1_000;
/** Most comprehension macros (`map`, `filter`, `all`, `exists`, …) nested in one another. */
const MAX_NESTED_COMPREHENSIONS = 2;
/** Longest a result may be once serialized: what an expression hands on is bounded like an artifact. */
const MAX_RESULT_CHARS = 1_000_000;
/** Longest an expression may run; it cannot be stopped midway, so a slower one fails the step afterwards. */
export const EXPRESSION_TIME_BUDGET_MS = 250;

const LIMITS = {
  maxAstNodes: 400,
  maxDepth: 40,
  maxListElements: 200,
  maxMapEntries: 200,
  maxCallArguments: 16,
};
const COMPREHENSIONS = new Set(['all', 'exists', 'exists_one', 'map', 'filter']);

/** An expression that does not parse, or names something not in scope. */
export class ExpressionError extends Error {
  override readonly name = 'ExpressionError';
}

/** The names an expression may use where it stands, besides `topic`, `options` and `steps`. */
export interface ExpressionScope {
  /** Step ids whose artifacts are visible (those that are CEL identifiers are variables of their own too). */
  readonly steps: readonly string[];
  /** In a map's body: `item` and `index`. */
  readonly item?: boolean;
  /** In a loop's body or its `until`: `iteration` (1, 2, …). */
  readonly iteration?: boolean;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The variables whose type is known before a run (the rest are JSON: `dyn`). */
const TYPED: Readonly<Record<string, string>> = { topic: 'string', index: 'int', iteration: 'int' };

/** What an expression must give where it stands: a condition a boolean, a map's `over` a list, a topic a string. */
export type ExpressionResult = 'bool' | 'list' | 'string';
const RESERVED = new Set([
  'topic',
  'options',
  'steps',
  'item',
  'index',
  'iteration',
  'true',
  'false',
  'null',
  'in',
]);

/** The variables of a scope, by name. */
function variablesOf(scope: ExpressionScope): string[] {
  const names = ['topic', 'options', 'steps'];
  for (const id of scope.steps) if (IDENTIFIER.test(id) && !RESERVED.has(id)) names.push(id);
  if (scope.item) names.push('item', 'index');
  if (scope.iteration) names.push('iteration');
  return names;
}

/**
 * An environment with `names` as variables. A step id that is one of CEL's own names (`list`, `map`, `int`, …) is
 * not a variable of its own: it is read as `steps["list"]`.
 */
const environmentFor = (names: readonly string[]) => {
  const environment = new Environment({
    homogeneousAggregateLiterals: false,
    enableOptionalTypes: true,
    limits: LIMITS,
  });
  const taken: string[] = [];
  for (const name of new Set(names)) {
    try {
      environment.registerVariable(name, TYPED[name] ?? 'dyn');
      taken.push(name);
    } catch {
      // One of CEL's own names.
    }
  }
  return { environment, names: taken };
};

/** How deeply comprehension macros nest in a parsed expression (its AST as cel-js gives it). */
function comprehensionDepth(node: unknown): number {
  if (Array.isArray(node)) return Math.max(0, ...node.map(comprehensionDepth));
  if (node === null || typeof node !== 'object') return 0;
  const { op, args } = node as { op?: unknown; args?: unknown };
  const inner = comprehensionDepth(args);
  const isMacro = op === 'rcall' && Array.isArray(args) && COMPREHENSIONS.has(String(args[0]));
  return inner + (isMacro ? 1 : 0);
}

/**
 * Checks an expression where it stands: it parses, stays within the limits, and names only variables in scope.
 * Throws an {@link ExpressionError} saying what is wrong (its first line, without the library's stack).
 */
export function checkExpression(source: string, scope: ExpressionScope, gives?: ExpressionResult): void {
  if (source.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(`is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const wanted = variablesOf(scope);
  const { environment, names } = environmentFor(wanted);
  let parsed: ReturnType<Environment['parse']>;
  try {
    parsed = environment.parse(source);
  } catch (error) {
    throw new ExpressionError(`does not parse: ${firstLine(error)}`);
  }
  if (comprehensionDepth(parsed.ast) > MAX_NESTED_COMPREHENSIONS)
    throw new ExpressionError(
      `nests more than ${MAX_NESTED_COMPREHENSIONS} comprehensions (map, filter, all, exists)`,
    );
  const checked = environment.check(source);
  if (!checked.valid) {
    const shadowed = wanted.filter((name) => !names.includes(name));
    const hint =
      shadowed.length === 0 ? '' : ` (CEL's own ${shadowed.join(', ')}: write steps["${shadowed[0]}"])`;
    throw new ExpressionError(`${firstLine(checked.error)}${hint}`);
  }
  // What it gives is known before a run when it does not read an artifact: `'abc'` is never a list.
  const type = String(checked.type ?? 'dyn');
  if (gives !== undefined && type !== 'dyn' && !(type === gives || type.startsWith(`${gives}<`))) {
    const wanted = gives === 'bool' ? 'true or false' : gives === 'list' ? 'a list' : 'a string';
    throw new ExpressionError(`gives ${type}, not ${wanted}`);
  }
}

/** What an expression is evaluated over: the run's input and the artifacts in scope. */
export interface ExpressionInput {
  readonly topic: string;
  readonly options: unknown;
  /** The visible artifacts, by step id. */
  readonly steps: Readonly<Record<string, unknown>>;
  readonly item?: unknown;
  readonly index?: number;
  readonly iteration?: number;
}

const cache = new Map<string, { environment: Environment; names: readonly string[] }>();

/**
 * Evaluates an expression over `input`; resolves with its value as JSON (CEL integers back to numbers). Throws an
 * {@link ExpressionError} when it fails (a missing key, a type mismatch) or goes over its budget.
 */
export function evaluateExpression(source: string, input: ExpressionInput): unknown {
  const names = variablesOf({
    steps: Object.keys(input.steps),
    item: input.index !== undefined,
    iteration: input.iteration !== undefined,
  });
  const key = names.join(',');
  let entry = cache.get(key);
  if (entry === undefined) {
    entry = environmentFor(names);
    if (cache.size > 200) cache.clear();
    cache.set(key, entry);
  }
  const context: Record<string, unknown> = {
    topic: input.topic,
    options: toCel(input.options ?? {}),
    steps: toCel(input.steps),
  };
  for (const name of entry.names) {
    if (name in context) continue;
    if (name === 'item') context.item = toCel(input.item ?? null);
    else if (name === 'index') context.index = BigInt(input.index ?? 0);
    else if (name === 'iteration') context.iteration = BigInt(input.iteration ?? 0);
    else context[name] = toCel(input.steps[name] ?? null);
  }
  const started = performance.now();
  let value: unknown;
  try {
    value = entry.environment.evaluate(source, context);
  } catch (error) {
    throw new ExpressionError(firstLine(error));
  }
  const tookMs = performance.now() - started;
  if (tookMs > EXPRESSION_TIME_BUDGET_MS)
    throw new ExpressionError(
      `took ${Math.round(tookMs)} ms, over its budget of ${EXPRESSION_TIME_BUDGET_MS} ms`,
    );
  const json = fromCel(value);
  if ((JSON.stringify(json) ?? '').length > MAX_RESULT_CHARS)
    throw new ExpressionError(`gave a value larger than ${MAX_RESULT_CHARS} characters`);
  return json;
}

/** JSON as CEL sees it: whole numbers are CEL ints, so `index + 1` and `size(list) > 2` mean what they say. */
function toCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(toCel);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = toCel(inner);
    return out;
  }
  return value;
}

/** A CEL value as JSON. */
function fromCel(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(fromCel);
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([key, inner]) => [String(key), fromCel(inner)]));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = fromCel(inner);
    return out;
  }
  return value;
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]?.trim() ?? 'failed';
