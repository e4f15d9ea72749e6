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
  const line = lineOf(event, view);
  if (line === undefined) return;
  const [level, message, extra] = line;
  if (level === 'warn') logger.warn(message, { ...details, ...extra });
  else logger.info(message, { ...details, ...extra });
}

type Line = readonly ['info' | 'warn', string, Readonly<Record<string, unknown>>];

function lineOf(event: RunEvent, view: RunView): Line | undefined {
  switch (event.type) {
    case 'run.started':
      return ['info', 'Run started', { topic: view.topic }];
    case 'run.resumed':
      return ['info', 'Run resumed after a restart', {}];
    case 'refine.started':
      return ['info', 'Refinement started', { step: event.step, instruction: event.instruction }];
    case 'run.completed':
      return ['info', 'Run completed', {}];
    case 'run.canceled':
      return ['info', 'Run canceled', {}];
    case 'run.failed':
      return ['warn', 'Run failed', { error: event.error }];
    case 'step.failed':
      return ['warn', 'Step failed', { step: event.step, error: event.error }];
    default:
      return undefined;
  }
}
