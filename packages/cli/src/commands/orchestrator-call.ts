import { CliError, EXIT } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';

/** Calls the orchestrator with its credentials, if any; a refusal or an unreachable one is a CliError. */
export type OrchestratorCall = (url: string, init?: RequestInit) => Promise<Response>;

const callWith =
  (credentials: Record<string, string>): OrchestratorCall =>
  async (url, init = {}) => {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...credentials, ...(init.headers as Record<string, string> | undefined) },
      });
    } catch (error) {
      throw new CliError(
        EXIT.unreachable,
        `Could not reach the orchestrator at ${new URL(url).origin}: ${(error as Error).cause ?? (error as Error).message}`,
      );
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => undefined)) as
        | { error?: { message?: string } }
        | undefined;
      throw new CliError(
        EXIT.unreachable,
        body?.error?.message ?? `The orchestrator answered HTTP ${response.status}`,
      );
    }
    return response;
  };

/**
 * The orchestrator a command talks to (`--orchestrator`, else `BATON_ORCHESTRATOR_URL`, else
 * http://127.0.0.1:4100), called with its credentials when it needs them: `--api-key` (or `BATON_API_KEY`) and
 * `--bearer`.
 */
export function orchestratorOf(io: CliIo, options: CliOptions): { call: OrchestratorCall; base: string } {
  const apiKey = options.apiKey ?? io.env.BATON_API_KEY;
  const call = callWith({
    ...(apiKey ? { 'X-API-Key': apiKey } : {}),
    ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
  });
  const base = (options.orchestrator ?? io.env.BATON_ORCHESTRATOR_URL ?? 'http://127.0.0.1:4100').replace(
    /\/+$/,
    '',
  );
  return { call, base };
}
