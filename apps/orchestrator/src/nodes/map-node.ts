import { z } from 'zod';
import { ExpressionSchema, type MapArtifact, type MapNode, nodeBaseShape } from '../chains/chain-nodes.ts';
import { ChainError, errorMessage, isReleased } from '../run/chain-error.ts';
import { findDecision, keepDecision } from '../run/run-instances.ts';
import { describe, evaluateFor, expressionProblems } from './expression-problem.ts';
import type { NodeKind, NodeValue } from './node-kind.ts';

/** The default most items a map takes (a chain may set fewer; `BATON_MAP_MAX_ITEMS` changes the ceiling). */
export const DEFAULT_MAP_MAX_ITEMS = 100;
/** Most items of a map run at once. */
export const MAX_MAP_CONCURRENCY = 32;

/**
 * Runs its block once per item of the list `over` gives (a CEL expression, e.g. `outline.sections`), at most
 * `concurrency` at a time; inside, `{ "item": true }` sends the item and `item`/`index` are in expressions. Its
 * artifact is `{ items, failed }`: each item's result in the list's order. A failed item fails the map and cancels
 * the others, or (`onItemFailure: "continue"`) is `null` in `items` and named in `failed`. The item count is kept
 * before the first item runs; an item done is never run again.
 */
export const mapNode: NodeKind<MapNode> = {
  kind: 'map',
  matches: (raw) => raw.kind === 'map' || 'map' in raw,
  schema: (block) =>
    z
      .object({
        ...nodeBaseShape,
        kind: z.literal('map').optional(),
        map: z
          .object({
            ...block,
            over: ExpressionSchema,
            concurrency: z.number().int().min(1).max(MAX_MAP_CONCURRENCY).default(4),
            maxItems: z.number().int().min(1).max(10_000).default(DEFAULT_MAP_MAX_ITEMS),
            onItemFailure: z.enum(['fail', 'continue']).default('fail'),
          })
          .strict(),
      })
      .strict(),
  blocks: (node) => [{ block: node.map, path: ['map'], item: true }],
  problems: (node, scope) => expressionProblems(node.map.over, ['map', 'over'], scope, { gives: 'list' }),
  async run(node, at) {
    const { view, round, emit } = at.run;
    const number = round.refinement?.refinement ?? 0;
    const list = evaluateFor(at, node.id, 'list', node.map.over);
    if (!Array.isArray(list)) {
      throw new ChainError(
        'INVALID_MAP_ITEMS',
        `The list of the ${node.id} step (\`${node.map.over}\`) gave ${describe(list)}, not a list`,
        { step: node.id },
      );
    }
    const limit = Math.min(node.map.maxItems, at.run.maxMapItems);
    if (list.length > limit) {
      throw new ChainError(
        'INVALID_MAP_ITEMS',
        `The list of the ${node.id} step (\`${node.map.over}\`) has ${list.length} items, more than its limit of ${limit}`,
        { step: node.id },
      );
    }
    if (findDecision(view, number, at.key) === undefined) {
      keepDecision(view, {
        key: at.key,
        step: node.id,
        kind: 'map',
        ...(number === 0 ? {} : { round: number }),
        at: new Date().toISOString(),
        items: list.length,
      });
      emit({ type: 'map.started', step: node.id, instance: at.key, items: list.length });
    }

    // The items' own signal: the run's, or a sibling's failure (which cancels the others).
    const items = new AbortController();
    const follow = () => items.abort(at.signal.reason);
    at.signal.addEventListener('abort', follow, { once: true });
    if (at.signal.aborted) follow();
    const results: (NodeValue | undefined)[] = new Array(list.length);
    const failed: { index: number; error: string }[] = [];
    let failure: unknown;
    let next = 0;
    const worker = async () => {
      while (next < list.length && !items.signal.aborted) {
        const index = next;
        next += 1;
        const scope = at.childScope({ prefix: `${at.key}[${index}]/`, item: list[index], index });
        try {
          results[index] = await at.runBlock(node.map, scope, items.signal);
        } catch (error) {
          if (at.signal.aborted) return;
          if (node.map.onItemFailure === 'continue') {
            failed.push({ index, error: errorMessage(error) });
            continue;
          }
          if (failure === undefined && !items.signal.aborted) {
            failure = error;
            items.abort(new ChainError('CANCELED', `Another item of the ${node.id} step failed`));
          }
        }
      }
    };
    try {
      await Promise.all(
        Array.from({ length: Math.min(node.map.concurrency, Math.max(1, list.length)) }, worker),
      );
    } finally {
      at.signal.removeEventListener('abort', follow);
    }
    if (at.signal.aborted) {
      throw isReleased(at.signal) || at.signal.reason instanceof ChainError
        ? at.signal.reason
        : new ChainError('CANCELED', 'The run was canceled', { step: node.id });
    }
    if (failure !== undefined) throw failure;
    failed.sort((a, b) => a.index - b.index);
    const artifact: MapArtifact = { items: results.map((result) => result?.value ?? null), failed };
    return { value: artifact, taskIds: results.flatMap((result) => result?.taskIds ?? []) };
  },
};
