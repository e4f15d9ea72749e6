/**
 * The bench's smoke run, in CI so the bench cannot rot: every workload against every target for a moment,
 * every answer checked. It asserts correctness only, never a speed.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('pnpm bench --smoke', () => {
  it('runs every workload against Baton, the official SDK, the floor and the ceiling (W11 over gRPC, W12 on Bun and Deno too, W13 cold starts), and every answer is right', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', '--smoke'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      // About 100 s alone on 2 cores, 140 s beside the other suites: the margin is for a loaded machine.
      timeout: 420_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).toContain('smoke: every target answered every workload correctly');
    expect(run.status, output).toBe(0);
    for (const workload of ['W1 c=16', 'W2', 'W3', 'W4']) {
      for (const target of [
        'Baton',
        '@a2a-js/sdk',
        'the floor (keeps tasks, nothing more)',
        'bare Hono (ceiling)',
      ]) {
        expect(output).toContain(`${workload} round 1 ${target}:`);
      }
    }
    for (const target of ['Baton, gRPC', '@a2a-js/sdk, gRPC']) {
      expect(output).toContain(`W11 W1 c=16 round 1 ${target}:`);
      expect(output).toContain(`W11 W3 round 1 ${target}:`);
    }
    for (const target of [
      'Baton on Node',
      'ceiling on Node',
      'Baton on Bun',
      'ceiling on Bun',
      'Baton on Deno',
      'ceiling on Deno',
    ]) {
      expect(output).toContain(`W12 W1 c=16 round 1 ${target}:`);
      expect(output).toContain(`W12 W3 round 1 ${target}:`);
    }
    expect(output).toMatch(/W5 Baton: \d+ tasks, RSS \d+ MiB/);
    expect(output).toMatch(/W5 Baton: \d+ bytes promoted per task/);
    for (const target of ['bare Hono (ceiling)', 'Baton (W1–W4 target)', 'conformance agent (HTTP + gRPC)']) {
      expect(output).toMatch(
        new RegExp(`W13 ${escapeRegExp(target)}: first card \\d+ ms, first answer \\d+ ms`),
      );
    }
    expect(output).toMatch(/W13 echo agent on workerd: first card \d+ ms/);
    // Two pairs on a busy machine can measure a negative overhead: the smoke run checks answers, not speed.
    expect(output).toMatch(/W6: overhead per step p50 -?[\d.]+ ms over 2 pairs/);
  }, 450_000);
});
