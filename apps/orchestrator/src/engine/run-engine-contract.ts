import { describe, expect, it } from 'vitest';
import type { RunDriver, RunEngine } from './run-engine.ts';

/** How {@link describeRunEngineContract} gets engines. */
export interface RunEngineContractOptions {
  /** A new engine over a fresh queue; engines made by the same `shared` call share their rounds. */
  readonly create: () => Promise<{ engine: () => Promise<RunEngine>; cleanup(): Promise<void> }>;
  /** Whether the engine hands a released round to another instance (engines of one process only: no). */
  readonly shared: boolean;
}

const until = async (check: () => boolean, what: string, ms = 40_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** A driver that records each round it is given and holds it until told to end it or its lease fires. */
function recordingDriver(name: string, drives: { by: string; runId: string; released: boolean }[]) {
  const open = new Map<string, () => void>();
  const driver: RunDriver = (runId, lease) =>
    new Promise<void>((resolve) => {
      const entry = { by: name, runId, released: false };
      drives.push(entry);
      open.set(runId, resolve);
      lease.addEventListener('abort', () => {
        entry.released = true;
        resolve();
      });
    });
  return { driver, end: (runId: string) => open.get(runId)?.() };
}

/** The behaviour every run engine has, as one vitest suite. */
export function describeRunEngineContract(name: string, options: RunEngineContractOptions): void {
  describe(`${name}: RunEngine contract`, () => {
    // Generous bounds: on a loaded machine a queue on a real database takes its time; nothing here is timed.
    it('drives a submitted round once, however often it is submitted, and says who holds it', {
      timeout: 90_000,
    }, async () => {
      const { engine: make, cleanup } = await options.create();
      const engine = await make();
      try {
        const drives: { by: string; runId: string; released: boolean }[] = [];
        const { driver, end } = recordingDriver('a', drives);
        await engine.start(driver);
        await engine.submit('run-1', 0);
        await engine.submit('run-1', 0);
        await until(() => drives.length === 1, 'the round is driven');
        await engine.submit('run-1', 0);
        expect(await engine.holder('run-1', 0)).toBe(engine.instanceId);
        expect(await engine.holder('run-1', 1)).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(drives).toHaveLength(1);
        end('run-1');
        await until(() => true, 'settled');
        // Another round of the same run is its own.
        await engine.submit('run-1', 1);
        await until(() => drives.length === 2, 'the next round is driven');
        end('run-1');
      } finally {
        await engine.close();
        await cleanup();
      }
    });

    it('lets its rounds go when it closes', { timeout: 90_000 }, async () => {
      const { engine: make, cleanup } = await options.create();
      const first = await make();
      const drives: { by: string; runId: string; released: boolean }[] = [];
      try {
        await first.start(recordingDriver('first', drives).driver);
        await first.submit('run-2', 0);
        await until(() => drives.length === 1, 'the round is driven');
        await first.close();
        expect(drives[0]).toMatchObject({ by: 'first', released: true });
        if (!options.shared) return;
        // A shared engine gives the released round to the next instance.
        const second = await make();
        try {
          const next = recordingDriver('second', drives);
          await second.start(next.driver);
          await until(() => drives.length === 2, 'another instance drives the released round');
          expect(drives[1]).toMatchObject({ by: 'second', runId: 'run-2' });
          expect(await second.holder('run-2', 0)).toBe(second.instanceId);
          next.end('run-2');
        } finally {
          await second.close();
        }
      } finally {
        await cleanup();
      }
    });
  });
}
