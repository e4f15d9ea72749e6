/**
 * `BATON_DRAIN_MS`: how long a process answers `/readyz` with 503 after SIGTERM before it stops accepting
 * connections, so a load balancer takes it out first. Default 5,000 ms under Kubernetes (`KUBERNETES_SERVICE_HOST`
 * is set), where endpoints take a few seconds to update, and 0 elsewhere (Ctrl-C stops at once).
 */
export function readDrainDelay(env: Readonly<Record<string, string | undefined>>): number {
  const value = env.BATON_DRAIN_MS?.trim();
  if (!value) return env.KUBERNETES_SERVICE_HOST ? 5_000 : 0;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 120_000) {
    throw new Error(`BATON_DRAIN_MS must be a whole number of milliseconds from 0 to 120000, got "${value}"`);
  }
  return ms;
}
