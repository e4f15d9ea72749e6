/**
 * The README's shell one-liners read the orchestrator's answers with `node -e`. Run as a shell runs them, each
 * prints the answer's error (a failed run, a refused request) in one line and exits 0, never a TypeError stack.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
// Every `node -e "…"` of the README's shell blocks, as the shell text it is.
const oneLiners = [...readme.matchAll(/node -e "((?:[^"\\]|\\.)*)"/g)].map(
  (match) => `node -e "${match[1]}"`,
);

const FAILED_RUN = JSON.stringify({
  runId: 'r1',
  status: 'failed',
  steps: [],
  error: { code: 'AGENT_FAILED', message: 'the outline step failed: the model timed out' },
});
const REFUSED = JSON.stringify({
  error: { code: 'TOO_MANY_RUNS', message: 'This orchestrator is driving 200 runs' },
});

describe("the README's one-liners", () => {
  it('are there to test', () => {
    expect(oneLiners.length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['a failed run', FAILED_RUN, 'the model timed out'],
    ['a refused request', REFUSED, 'driving 200 runs'],
  ])('print the error of %s in one line, without a stack', async (_, answer, expected) => {
    for (const oneLiner of oneLiners.filter((text) => !text.includes('runId'))) {
      const { stdout, stderr } = await run('sh', ['-c', `printf '%s' "$ANSWER" | ${oneLiner}`], {
        env: { ...process.env, ANSWER: answer },
      });
      expect(stderr, oneLiner).toBe('');
      expect(stdout.trim(), oneLiner).toContain(expected);
      expect(stdout.trim().split('\n'), oneLiner).toHaveLength(1);
    }
  });

  it('print what a run answers when it completed', async () => {
    const completed = JSON.stringify({
      status: 'completed',
      artifacts: { summary: { summary: 'Tea came from China.' } },
      result: { summary: 'Tea came from China.' },
      steps: [{ step: 'document', versions: [{ version: 1, artifact: { wordCount: 120 } }] }],
      runs: [{ runId: 'r1' }],
    });
    const outputs = await Promise.all(
      oneLiners.map(async (oneLiner) =>
        (
          await run('sh', ['-c', `printf '%s' "$ANSWER" | ${oneLiner}`], {
            env: { ...process.env, ANSWER: completed },
          })
        ).stdout.trim(),
      ),
    );
    expect(outputs).toEqual(expect.arrayContaining(['Tea came from China.', 'r1', 'version 1: 120 words']));
  });
});
