const AGENT_FAILURE = Symbol.for('baton.agent-failure');

/**
 * An executor's failure whose message is meant for the caller: thrown from an executor, it fails the task with
 * its message as the FAILED status message ("The model's server answered 429: rate limited; tried 3 times").
 * Any other error fails the task with a generic message (an error's text can hold secrets, paths or a stack),
 * and is only logged. Write the message for the person reading the task: what failed and what to change.
 * @example
 * throw new AgentFailure(`The model did not answer within 30 s (BATON_LLM_TIMEOUT_MS)`, { cause: error });
 */
export class AgentFailure extends Error {
  readonly [AGENT_FAILURE] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentFailure';
  }
}

/** Whether an error is an {@link AgentFailure}, from this copy of the package or another one. */
export function isAgentFailure(error: unknown): error is AgentFailure {
  return (
    typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[AGENT_FAILURE] === true
  );
}
