import type { Logger } from '@baton/server';
import type { RunEvent, RunView } from './run-types.ts';

/**
 * Writes the events of a run an operator wants in the log, one line each, at `info` (failures at `warn`): a run
 * started, resumed, refined, completed, failed or canceled, and a step that failed. With the run id, the chain,
 * the context and the trace id, so the line leads to the run and its trace.
 */
export function logRunEvent(logger: Logger | undefined, event: RunEvent, view: RunView): void {
  if (!logger?.info) return;
  const details = {
    runId: view.runId,
    chain: view.chain ?? 'default',
    contextId: view.contextId,
    ...(view.traceId ? { traceId: view.traceId } : {}),
  };
  switch (event.type) {
    case 'run.started':
      return logger.info('Run started', { ...details, topic: view.topic });
    case 'run.resumed':
      return logger.info('Run resumed after a restart', details);
    case 'refine.started':
      return logger.info('Refinement started', {
        ...details,
        step: event.step,
        instruction: event.instruction,
      });
    case 'run.completed':
      return logger.info('Run completed', details);
    case 'run.canceled':
      return logger.info('Run canceled', details);
    case 'run.failed':
      return logger.warn('Run failed', { ...details, error: event.error });
    case 'step.failed':
      return logger.warn('Step failed', { ...details, step: event.step, error: event.error });
    default:
      return undefined;
  }
}
