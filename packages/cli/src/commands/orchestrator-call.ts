import { CliError, EXIT } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';

/** Calls the orchestrator with its credentials, if any; a refusal or an unreachable one is a CliError. */
export type OrchestratorCall = (url: string, init?: RequestInit) => Promise<Response>;

/** Waits before each retry of a write whose answer was lost: about 7 s in all. */
const RETRY_DELAYS_MS = [250, 750, 2_000, 4_000];

/** Answers that say "the same request again, a little later". */
const retryable = (response: Response) =>
  response.status === 503 || response.status === 502 || response.status === 504 || response.status === 409;

/**
 * Sends a request; a write (POST) goes with an `Idempotency-Key` and is sent again with the same key when its
 * answer is lost (the connection failed) or says to retry (503, or 409 while the first is under way), so a
 * retried write is done once (docs/chain.md).
 */
async function send(url: string, init: RequestInit, headers: Record<string, string>): Promise<Response> {
  if (init.method !== 'POST') return fetch(url, { ...init, headers });
  const keyed = { ...headers, 'Idempotency-Key': `"${crypto.randomUUID()}"` };
  for (let attempt = 0; ; attempt += 1) {
    const delay = RETRY_DELAYS_MS[attempt];
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: keyed });
    } catch (error) {
      // Refused: nothing was sent, and nobody is there to answer a retry soon.
      const refused = ((error as Error).cause as { code?: string } | undefined)?.code === 'ECONNREFUSED';
      if (delay === undefined || refused) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
      continue;
    }
    if (delay === undefined || !retryable(response)) return response;
    // A 409 that is not about the key (the run is busy, the chain retired) is the answer.
    if (response.status === 409) {
      const code = (
        (await response
          .clone()
          .json()
          .catch(() => undefined)) as { error?: { code?: string } }
      )?.error?.code;
      if (code !== 'IDEMPOTENCY_KEY_IN_PROGRESS') return response;
    }
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

const callWith =
  (credentials: Record<string, string>, answers: readonly number[]): OrchestratorCall =>
  async (url, init = {}) => {
    let response: Response;
    try {
      response = await send(url, init, {
        ...credentials,
        ...(init.headers as Record<string, string> | undefined),
      });
    } catch (error) {
      throw new CliError(
        EXIT.unreachable,
        `Could not reach the orchestrator at ${new URL(url).origin}: ${(error as Error).cause ?? (error as Error).message}`,
      );
    }
    if (!response.ok && !answers.includes(response.status)) {
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
export function orchestratorOf(
  io: CliIo,
  options: CliOptions,
  /** Error statuses that are answers the command reads (a plan refused: 422), not failures to report. */
  { refusals = [] }: { readonly refusals?: readonly number[] } = {},
): { call: OrchestratorCall; base: string } {
  const apiKey = options.apiKey ?? io.env.BATON_API_KEY;
  const call = callWith(
    {
      ...(apiKey ? { 'X-API-Key': apiKey } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
    },
    refusals,
  );
  const base = (options.orchestrator ?? io.env.BATON_ORCHESTRATOR_URL ?? 'http://127.0.0.1:4100').replace(
    /\/+$/,
    '',
  );
  return { call, base };
}
