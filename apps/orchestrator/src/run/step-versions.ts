import type { ChainStepDefinition } from '../chains/chain-definition.ts';
import { showWaiting } from './run-approvals.ts';
import {
  type ArtifactVersion,
  isFinishedStatus,
  type RefinementView,
  type RunView,
  type StepView,
} from './run-types.ts';

/** The version of a step's artifact that goes on, or `undefined` while it has none. */
export function currentVersion(step: StepView) {
  return step.version === undefined
    ? undefined
    : step.versions?.find((version) => version.version === step.version);
}

/**
 * A kept view made ready to hold again. An unfinished one is running again, without its questions (the run shows
 * again those still open, from its kept events). A run kept before artifacts had versions gets a version 1 for each step that had an artifact.
 */
export function restoredView(saved: RunView): RunView {
  const { question, questions, ...rest } = structuredClone(saved);
  const view: RunView = isFinishedStatus(saved.status)
    ? { ...rest, ...(question ? { question } : {}), ...(questions ? { questions } : {}) }
    : { ...rest, status: 'running' };
  // A run kept while an approval was pending still waits for it.
  showWaiting(view);
  for (const step of view.steps) {
    const artifact = view.artifacts[step.step];
    if (step.versions !== undefined || artifact === undefined || step.taskId === undefined) continue;
    step.versions = [
      { version: 1, taskId: step.taskId, createdAt: view.finishedAt ?? view.createdAt, artifact },
    ];
    step.version = 1;
  }
  return view;
}

/** What a round of a run is doing: its own first round (no refinement), or a refinement. */
export interface VersionRound {
  readonly refinement?: RefinementView | undefined;
}

/**
 * Keeps a new version of a step's artifact in `view` and makes it the one that goes on: version N+1, made by
 * `taskId` from the versions of the artifacts the step reads, refining the previous one (with the instruction, on
 * the step a refinement asked for).
 */
export function keepVersion(
  view: RunView,
  definition: ChainStepDefinition,
  result: { readonly taskId: string; readonly value: unknown },
  round: VersionRound,
): ArtifactVersion {
  const stepOf = (id: string) => view.steps.find((step) => step.step === id) as StepView;
  const shown = stepOf(definition.id);
  const previous = currentVersion(shown);
  const refined = round.refinement?.step === definition.id ? round.refinement : undefined;
  const inputs: Record<string, number> = {};
  for (const send of definition.send) {
    if (!('artifact' in send)) continue;
    const read = currentVersion(stepOf(send.artifact));
    if (read) inputs[send.artifact] = read.version;
  }
  const version: ArtifactVersion = {
    version: (shown.versions?.length ?? 0) + 1,
    taskId: result.taskId,
    createdAt: new Date().toISOString(),
    ...(refined ? { instruction: refined.instruction, refines: refined.refines } : {}),
    ...(!refined && previous ? { refines: previous.version } : {}),
    ...(round.refinement ? { refinement: round.refinement.refinement } : {}),
    ...(Object.keys(inputs).length > 0 ? { inputs } : {}),
    artifact: result.value,
  };
  shown.versions = [...(shown.versions ?? []), version];
  shown.version = version.version;
  view.artifacts[definition.id] = result.value;
  // A run started without a topic takes the one its outline was made for (the answer to the agent's question).
  const given = (result.value as { topic?: unknown } | null | undefined)?.topic;
  if (view.topic === '' && typeof given === 'string' && given.trim() !== '') view.topic = given;
  if (refined) refined.version = version.version;
  return version;
}

/** The version of a step a round has already made (a resumed round): the run's own, or the refinement's. */
export const madeInRound = (shown: StepView, refinement: RefinementView | undefined) =>
  shown.versions?.find((version) => version.refinement === refinement?.refinement);
