/** Something `/readyz` asks before it answers 200: the store, the bus, the run engine. */
export interface ReadinessCheck {
  /** Its name in the answer: `store`, `bus`, `runs`. */
  readonly name: string;
  /** Resolves when the dependency answers; rejects (or outlasts the timeout) when it does not. */
  check(): Promise<unknown>;
}

/** A process's health: `/healthz` (it lives) and `/readyz` (it can serve: started, not draining, its checks pass). */
export interface Health {
  /** `/healthz`: 200 while the process can answer at all. */
  live(): Response;
  /** `/readyz`: 200 with each check `ok`; 503 while starting, while draining, or when a check fails or is late. */
  readiness(): Promise<Response>;
  /** The process is serving: `/readyz` answers from its checks from now on. */
  markReady(): void;
  /** The process is shutting down: `/readyz` answers 503 from now on, so load balancers stop sending. */
  markDraining(): void;
}

/** Options of {@link createHealth}. */
export interface HealthOptions {
  /** What `/readyz` asks before it answers 200; none: ready once started. */
  readonly checks?: readonly ReadinessCheck[];
  /** How long a check may take before it counts as failed; default 2,000 ms. */
  readonly timeoutMs?: number;
  /** Told why a check failed (the answer itself names only the check, not the error). */
  readonly onCheckFailed?: (name: string, error: unknown) => void;
}

type Phase = 'starting' | 'ready' | 'draining';

/**
 * Creates the {@link Health} of an app. Answers are small JSON bodies (`{"status":"ready","checks":{"store":"ok"}}`),
 * never cached; a failed check is named without its error (that goes to `onCheckFailed`, the app's log), since
 * probes need no credentials. Concurrent probes share one round of checks.
 */
export function createHealth(options: HealthOptions = {}): Health {
  const checks = options.checks ?? [];
  const timeoutMs = options.timeoutMs ?? 2_000;
  let phase: Phase = 'starting';
  let round: Promise<Record<string, string>> | undefined;

  const runCheck = async (check: ReadinessCheck): Promise<string> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([check.check(), late]);
      return 'ok';
    } catch (error) {
      options.onCheckFailed?.(check.name, error);
      return 'unavailable';
    } finally {
      clearTimeout(timer);
    }
  };

  const runChecks = () => {
    round ??= Promise.all(checks.map(async (check) => [check.name, await runCheck(check)] as const))
      .then((entries) => Object.fromEntries(entries))
      .finally(() => {
        round = undefined;
      });
    return round;
  };

  return {
    live: () => json(200, { status: 'ok' }),
    async readiness() {
      if (phase !== 'ready') return json(503, { status: phase });
      const results = await runChecks();
      // Draining may have begun while the checks ran.
      if (phase !== 'ready') return json(503, { status: phase });
      const ready = Object.values(results).every((result) => result === 'ok');
      return json(ready ? 200 : 503, { status: ready ? 'ready' : 'unavailable', checks: results });
    },
    markReady() {
      if (phase === 'starting') phase = 'ready';
    },
    markDraining() {
      phase = 'draining';
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
}
