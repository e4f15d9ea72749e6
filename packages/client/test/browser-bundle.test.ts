/**
 * The client's root entry bundles for the browser: esbuild with `platform: 'browser'` resolves every import
 * and pulls in no `node:*` module. The bundle also runs in Debian's headless Chromium; without it that part
 * skips with one line, except under CI=true, where it fails.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageSchema } from '@baton/protocol';
import { type BuildResult, build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';

function canResolve(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

const canRunBrowser = existsSync(CHROMIUM) && canResolve('playwright-core');
// Under CI the browser part must run (a missing Chromium fails it); elsewhere it skips, saying what it needs.
const skipBrowser = !canRunBrowser && process.env.CI !== 'true';
if (skipBrowser)
  console.log(`skipping the Chromium run of the bundle: it needs ${CHROMIUM} (apt-get install -y chromium)`);

function bundle(format: 'esm' | 'iife'): Promise<BuildResult<{ metafile: true; write: false }>> {
  return build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format,
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...(format === 'iife' ? { globalName: 'Baton' } : {}),
  });
}

let esm: BuildResult<{ metafile: true; write: false }>;
let code = '';
let scratch = '';

describe('browser bundle of @baton/client', () => {
  beforeAll(async () => {
    esm = await bundle('esm');
    code = esm.outputFiles[0]?.text ?? '';
    scratch = await mkdtemp(join(tmpdir(), 'baton-client-bundle-'));
  }, 30_000);

  afterAll(async () => {
    if (scratch !== '') await rm(scratch, { recursive: true, force: true });
  });

  it('resolves every import with no errors and leaves nothing external', () => {
    expect(esm.errors).toEqual([]);
    const outputs = Object.values(esm.metafile.outputs);
    expect(outputs.flatMap((output) => output.imports)).toEqual([]);
    expect(code.length).toBeGreaterThan(1_000);
  });

  it('pulls in no node: module, directly or through a dependency', () => {
    const inputs = Object.entries(esm.metafile.inputs);
    const nodeImports = inputs.flatMap(([file, input]) =>
      input.imports
        .filter((imported) => imported.path.startsWith('node:'))
        .map((imported) => `${file} → ${imported.path}`),
    );
    expect(nodeImports).toEqual([]);
    expect(code).not.toMatch(/(?:from\s*|require\(\s*|import\(\s*)["']node:/);
    expect(inputs.some(([file]) => file.includes('src/builders/user-message.ts'))).toBe(true);
  });

  it('runs on its own: the bundled builders make a valid message', async () => {
    const file = join(scratch, 'bundle.mjs');
    await writeFile(file, code);
    const bundled = (await import(pathToFileURL(file).href)) as typeof import('../src/index.ts');
    const message = bundled.userMessage('from the bundle');
    expect(MessageSchema.parse(message)).toStrictEqual({
      messageId: message.messageId,
      role: 'ROLE_USER',
      parts: [{ text: 'from the bundle' }],
    });
  });

  it.skipIf(skipBrowser)(
    'runs in headless Chromium',
    async () => {
      interface Page {
        addScriptTag(options: { content: string }): Promise<unknown>;
        evaluate<T>(fn: () => T): Promise<T>;
      }
      interface Browser {
        newPage(): Promise<Page>;
        close(): Promise<void>;
      }
      const moduleName = 'playwright-core';
      const playwright = (await import(moduleName)) as {
        chromium: { launch(options: { executablePath: string; args: string[] }): Promise<Browser> };
      };
      const iife = (await bundle('iife')).outputFiles[0]?.text ?? '';
      const browser = await playwright.chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      try {
        const page = await browser.newPage();
        await page.addScriptTag({ content: iife });
        const result = await page.evaluate(() => {
          const baton = (globalThis as unknown as { Baton: typeof import('../src/index.ts') }).Baton;
          const message = baton.userMessage([baton.filePart({ bytes: new Uint8Array([104, 105]) })]);
          return { role: message.role, parts: message.parts };
        });
        expect(result).toStrictEqual({ role: 'ROLE_USER', parts: [{ raw: 'aGk=' }] });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
