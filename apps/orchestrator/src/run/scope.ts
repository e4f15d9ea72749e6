import type { OutlineOptions } from '@baton/chain';
import type { ExpressionInput } from '../chains/expressions.ts';
import type { NodeValue, Scope, ScopeExtra } from '../nodes/node-kind.ts';

/** The scope of a run's own steps: no prefix, no item, no iteration. */
export function rootScope(): Scope {
  return { parent: undefined, prefix: '', values: new Map() };
}

/** A scope inside `parent`, for one run of a block a node holds. */
export function innerScope(parent: Scope, extra: ScopeExtra): Scope {
  return {
    parent,
    prefix: extra.prefix,
    values: new Map(),
    ...(extra.index === undefined ? {} : { item: extra.item, index: extra.index }),
    ...(extra.iteration === undefined ? {} : { iteration: extra.iteration }),
    ...(extra.previousPrefix === undefined ? {} : { previousPrefix: extra.previousPrefix }),
    ...(extra.topic === undefined ? {} : { topic: extra.topic }),
    depth: extra.depth ?? parent.depth ?? 0,
  };
}

/** The artifact of step `id` as `scope` sees it (its own block's, else an enclosing one's). */
export function readScope(scope: Scope, id: string): NodeValue | undefined {
  for (let at: Scope | undefined = scope; at !== undefined; at = at.parent) {
    const value = at.values.get(id);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The nearest item (a map's body) and iteration (a loop's body) around `scope`. */
export function whereIn(scope: Scope): {
  item?: unknown;
  index?: number;
  iteration?: number;
  topic?: string;
} {
  const found: { item?: unknown; index?: number; iteration?: number; topic?: string } = {};
  for (let at: Scope | undefined = scope; at !== undefined; at = at.parent) {
    if (found.topic === undefined && at.topic !== undefined) found.topic = at.topic;
    if (found.index === undefined && at.index !== undefined) {
      found.index = at.index;
      found.item = at.item;
    }
    if (found.iteration === undefined && at.iteration !== undefined) found.iteration = at.iteration;
  }
  return found;
}

/** Every artifact `scope` sees, by step id (the nearest wins). */
export function visibleValues(scope: Scope): Record<string, unknown> {
  const seen: Record<string, unknown> = {};
  for (let at: Scope | undefined = scope; at !== undefined; at = at.parent) {
    for (const [id, value] of at.values) if (!(id in seen)) seen[id] = value.value;
  }
  return seen;
}

/** What expressions in `scope` are evaluated over. */
export function expressionInputOf(
  scope: Scope,
  run: { readonly topic: string; readonly options?: OutlineOptions | undefined },
): ExpressionInput {
  const where = whereIn(scope);
  return {
    topic: where.topic ?? run.topic,
    options: run.options ?? {},
    steps: visibleValues(scope),
    ...(where.index === undefined ? {} : { item: where.item, index: where.index }),
    ...(where.iteration === undefined ? {} : { iteration: where.iteration }),
  };
}
