import type { DecisionView, InstanceTags, InstanceView, RunView } from './run-types.ts';

/** The round a key belongs to: the refinement's number, or 0 for the run's own round. */
const sameRound = (round: number | undefined, wanted: number) => (round ?? 0) === wanted;

/** The instance of `key` in round `round` (a resumed round finds what it had made or begun), or `undefined`. */
export function findInstance(view: RunView, round: number, key: string): InstanceView | undefined {
  return view.instances?.find((instance) => instance.key === key && sameRound(instance.round, round));
}

/** The instance of `key` in `round`, begun now when it has none. */
export function beginInstance(
  view: RunView,
  round: number,
  key: string,
  step: string,
  where: { readonly index?: number | undefined; readonly iteration?: number | undefined },
): InstanceView {
  const known = findInstance(view, round, key);
  if (known) return known;
  const instance: InstanceView = {
    key,
    step,
    ...(round === 0 ? {} : { round }),
    ...(where.index === undefined ? {} : { index: where.index }),
    ...(where.iteration === undefined ? {} : { iteration: where.iteration }),
    startedAt: new Date().toISOString(),
  };
  view.instances = [...(view.instances ?? []), instance];
  return instance;
}

/** The decision kept for `key` in `round`, or `undefined` (not decided yet). */
export function findDecision(view: RunView, round: number, key: string): DecisionView | undefined {
  return view.decisions?.find((decision) => decision.key === key && sameRound(decision.round, round));
}

/** Adds a decision to the view (written with the event that says it, before the run acts on it). */
export function keepDecision(view: RunView, decision: DecisionView): DecisionView {
  view.decisions = [...(view.decisions ?? []), decision];
  return decision;
}

/** The tags of events of an instance: none at a run's own steps. */
export function tagsOf(
  key: string,
  step: string,
  where: { readonly index?: number | undefined; readonly iteration?: number | undefined },
): InstanceTags {
  if (key === step) return {};
  return {
    instance: key,
    ...(where.index === undefined ? {} : { index: where.index }),
    ...(where.iteration === undefined ? {} : { iteration: where.iteration }),
  };
}
