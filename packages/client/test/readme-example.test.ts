import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTripPlanner } from '../../server/examples/trip-planner.ts';

const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const packageEntry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** The README's client example, importing this package's source and pointed at `url`. */
function readmeExample(url: string): string {
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map((match) => match[1] ?? '')
    .find((code) => code.includes("from '@baton/client'"));
  if (!block) throw new Error('README.md has no @baton/client example');
  return block
    .replace("from '@baton/client'", `from ${JSON.stringify(packageEntry)}`)
    .replace("'http://127.0.0.1:4000'", JSON.stringify(url));
}

describe('the README client example', () => {
  let running: RunningA2AServer;
  const directory = mkdtempSync(join(tmpdir(), 'baton-client-readme-'));
  beforeAll(async () => {
    running = await startA2AServer(createTripPlanner());
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    rmSync(directory, { recursive: true, force: true });
    await running.close();
  });

  it('discovers the trip planner and prints the streamed task as its comments say', async () => {
    const file = join(directory, 'example.ts');
    writeFileSync(file, readmeExample(running.url));
    const printed: unknown[] = [];
    vi.spyOn(console, 'log').mockImplementation((value: unknown) => printed.push(value));
    await import(pathToFileURL(file).href);
    expect(printed).toEqual([
      'Trip planner over JSONRPC 1.0',
      'TASK_STATE_COMPLETED',
      'Day 1: the old town of Lisbon\nDay 2: the coast of Lisbon\nHave a good trip.',
    ]);
  });
});
