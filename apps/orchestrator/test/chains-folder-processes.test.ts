import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAppToExit, startAppProcess } from '@baton/chain/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { SHIPPED_CHAINS_DIR } from '../src/chains/load-chains.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-chains-folder-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('BATON_CHAINS', () => {
  it('loads the good definitions of the folder, saying why each bad one is refused', async () => {
    const chains = join(folder, 'some');
    mkdirSync(chains, { recursive: true });
    writeFileSync(
      join(chains, 'default.json'),
      readFileSync(join(SHIPPED_CHAINS_DIR, 'default.json'), 'utf8'),
    );
    writeFileSync(join(chains, 'typo.json'), '{ "name": "typo", "steps": [] }');
    const app = await startAppProcess('orchestrator', {
      BATON_STORE: 'memory',
      BATON_CHAINS: chains,
      AGENT_URLS: 'http://127.0.0.1:9',
    });
    try {
      const listed = (await (await fetch(`${app.url}/chains`)).json()) as { chains: { name: string }[] };
      expect(listed.chains.map((chain) => chain.name)).toEqual(['default']);
      expect(app.output()).toMatch(/chain refused: typo\.json: /);
    } finally {
      await app.stop();
    }
  });

  it('does not start with no definition it can load, in one line', async () => {
    const empty = join(folder, 'empty');
    mkdirSync(empty, { recursive: true });
    const exit = await runAppToExit('orchestrator', { BATON_STORE: 'memory', BATON_CHAINS: empty });
    expect(exit.code).toBe(1);
    expect(exit.output).toContain(`orchestrator: no chain definition could be loaded from ${empty}`);
  });
});
