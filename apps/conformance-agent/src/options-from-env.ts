/** The conformance agent's settings from environment variables, on any runtime (each entry passes its own env). */
import type { ConformanceAgentOptions } from './create-conformance-agent.ts';

/** Environment variables as each runtime gives them: `process.env`, `Deno.env.toObject()`, a Worker's `env`. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A non-negative integer setting, `undefined` when unset; throws a one-line reason when it is not one. */
export function numberFromEnv(env: Environment, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got ${raw}`);
  return value;
}

/** PUBLIC_URL, RESUBSCRIBE_WORK_MS, DELAYED_COMPLETE_MS, REQUIRE_TCK_EXTENSION (`1`) and UNVERSIONED_CARD. */
export function agentOptionsFromEnv(env: Environment): ConformanceAgentOptions {
  const resubscribeWorkMs = numberFromEnv(env, 'RESUBSCRIBE_WORK_MS');
  const delayedCompleteMs = numberFromEnv(env, 'DELAYED_COMPLETE_MS');
  const unversionedCard = env.UNVERSIONED_CARD;
  if (
    unversionedCard !== undefined &&
    unversionedCard !== '' &&
    unversionedCard !== '1.0' &&
    unversionedCard !== '0.3'
  ) {
    throw new Error(`UNVERSIONED_CARD must be 1.0 or 0.3, got ${unversionedCard}`);
  }
  return {
    ...(unversionedCard ? { unversionedCard } : {}),
    ...(env.PUBLIC_URL ? { url: env.PUBLIC_URL } : {}),
    ...(resubscribeWorkMs !== undefined ? { resubscribeWorkMs } : {}),
    ...(delayedCompleteMs !== undefined ? { delayedCompleteMs } : {}),
    requireKitExtension: env.REQUIRE_TCK_EXTENSION === '1',
  };
}
