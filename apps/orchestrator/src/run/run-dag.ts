import type { ChainNode } from '../chains/chain-nodes.ts';
import { ChainError } from './chain-error.ts';

/** What {@link runDag} asks of its caller. */
export interface DagSteps<Result> {
  readonly signal: AbortSignal;
  /** The result of a step that is read, not run (not planned this round); `undefined` when it has none. */
  readonly readKept: (definition: ChainNode) => Result | undefined;
  /** Runs a planned step whose dependencies all completed. */
  readonly run: (definition: ChainNode) => Promise<Result>;
  /** Told of a planned step that is not run: a dependency did not complete, or the round was canceled. */
  readonly notRun: (definition: ChainNode, why: string, canceled: boolean) => void;
}

/**
 * Runs the `planned` steps of a block (`nodes`) as a DAG: each starts as soon as every step it depends on has completed, so
 * independent steps run in parallel; a step whose dependency failed is not run. The steps not planned are read as
 * they are. Settles with each planned step's outcome, in the block's order.
 */
export function runDag<Result>(
  nodes: readonly ChainNode[],
  planned: ReadonlySet<string>,
  steps: DagSteps<Result>,
): Promise<PromiseSettledResult<Result>[]> {
  const { signal } = steps;
  const started = new Map<string, Promise<Result>>();
  const definitionOf = (id: string) => nodes.find((step) => step.id === id) as ChainNode;

  const runOne = (definition: ChainNode): Promise<Result> => {
    const known = started.get(definition.id);
    if (known) return known;
    const work = (async (): Promise<Result> => {
      if (!planned.has(definition.id)) {
        const kept = steps.readKept(definition);
        if (kept !== undefined) return kept;
        throw new ChainError('DEPENDENCY_FAILED', `The ${definition.id} step has no artifact`, {
          step: definition.id,
        });
      }
      const before = await Promise.allSettled(definition.dependsOn.map((id) => runOne(definitionOf(id))));
      const failed = definition.dependsOn.filter((_, index) => before[index]?.status === 'rejected');
      if (failed.length > 0 || signal.aborted) {
        const why = signal.aborted
          ? 'the run was canceled'
          : `it depends on ${failed.join(', ')}, which did not complete`;
        steps.notRun(definition, why, signal.aborted);
        throw new ChainError(
          signal.aborted ? 'CANCELED' : 'DEPENDENCY_FAILED',
          `The ${definition.id} step was not run: ${why}`,
          { step: definition.id },
        );
      }
      return steps.run(definition);
    })();
    started.set(definition.id, work);
    return work;
  };
  return Promise.allSettled(nodes.filter((step) => planned.has(step.id)).map(runOne));
}
