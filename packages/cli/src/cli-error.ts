import { isA2AClientError } from '@baton/client';
import { isA2AError } from '@baton/protocol';

/** Exit codes: what a script calling `baton` can rely on. */
export const EXIT = {
  /** The task completed (or the command did what it was asked). */
  ok: 0,
  /** The task failed, was rejected or canceled. */
  taskFailed: 1,
  /** The command line is wrong. */
  usage: 2,
  /** The agent could not be reached, or answered with an error or something that is not A2A. */
  unreachable: 3,
} as const;

/** A failure the CLI reports in one line on stderr, with its exit code. */
export class CliError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const usage = (message: string) => new CliError(EXIT.usage, `${message} (see --help)`);

/** Any error, as the one line and exit code the CLI reports. */
export function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (isA2AError(error))
    return new CliError(
      EXIT.unreachable,
      `The agent answered ${error.name} (${error.code}): ${error.message}`,
    );
  if (isA2AClientError(error)) return new CliError(EXIT.unreachable, error.message);
  return new CliError(EXIT.unreachable, error instanceof Error ? error.message : String(error));
}
