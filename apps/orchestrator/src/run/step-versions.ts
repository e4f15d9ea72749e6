import { isFinishedStatus, type RunView, type StepView } from './run-types.ts';

/** The version of a step's artifact that goes on, or `undefined` while it has none. */
export function currentVersion(step: StepView) {
  return step.version === undefined
    ? undefined
    : step.versions?.find((version) => version.version === step.version);
}

/**
 * A kept view made ready to hold again. An unfinished one is running again, without its questions (they are asked
 * again). A run kept before artifacts had versions gets a version 1 for each step that had an artifact.
 */
export function restoredView(saved: RunView): RunView {
  const { question, questions, ...rest } = structuredClone(saved);
  const view: RunView = isFinishedStatus(saved.status)
    ? { ...rest, ...(question ? { question } : {}), ...(questions ? { questions } : {}) }
    : { ...rest, status: 'running' };
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
