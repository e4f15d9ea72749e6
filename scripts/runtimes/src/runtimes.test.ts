import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runtimeBinary } from './runtime-binary.ts';
import { startOnRuntime } from './start-on-runtime.ts';

const run = promisify(execFile);
const HERE = new URL('.', import.meta.url).pathname;
const CLI = new URL('../bin/baton-runtime.mjs', import.meta.url).pathname;

describe('the runtime binaries', () => {
  it.each([
    ['bun', ['--version'], /^1\.4\.5/],
    ['deno', ['--version'], /^deno 2\.9\.6/],
    ['workerd', ['--version'], /^workerd 2026-11-17/],
  ] as const)('%s comes from its registry package and runs here', async (runtime, args, version) => {
    const { stdout } = await run(runtimeBinary(runtime), args);
    expect(stdout).toMatch(version);
  });
});

describe('startOnRuntime', () => {
  it('serves a Worker on workerd with its vars', async () => {
    const worker = await startOnRuntime({
      runtime: 'workers',
      entry: 'fixtures/hello-worker.ts',
      cwd: HERE,
      env: { GREETING: 'hello from workerd' },
    });
    try {
      expect(await (await fetch(worker.url)).text()).toBe('hello from workerd');
    } finally {
      await worker.stop();
    }
    expect(await worker.exited).not.toBeUndefined();
  });

  it.each(['node', 'bun', 'deno'] as const)(
    'on %s, says which entry failed and shows its output',
    async (runtime) => {
      const started = startOnRuntime({
        runtime,
        entry: 'fixtures/crash.ts',
        cwd: HERE,
        readyTimeoutMs: 15_000,
      });
      await expect(started).rejects.toThrow(
        new RegExp(`^${runtime} fixtures/crash.ts: exited with 1[^]*boom at start`),
      );
    },
  );
});

describe('the baton-runtime command', () => {
  it('refuses an unknown runtime with its usage', async () => {
    const failed = await run(process.execPath, [CLI, 'rhino', 'app.ts']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toBe(
      'baton-runtime: unknown runtime "rhino"; usage: baton-runtime <node|bun|deno|workers> <entry> [--env NAME,NAME] [--default-port N]\n',
    );
  });
});
