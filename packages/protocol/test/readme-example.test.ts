import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const packageEntry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const v03Entry = fileURLToPath(new URL('../src/v03/index.ts', import.meta.url));

/** The README's first TypeScript block, importing this package's source instead of the published name. */
function readmeExample(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no ```ts block');
  return block
    .replace("from '@baton/protocol'", `from ${JSON.stringify(packageEntry)}`)
    .replace("from '@baton/protocol/v03'", `from ${JSON.stringify(v03Entry)}`);
}

describe('the README example', () => {
  const directory = mkdtempSync(join(tmpdir(), 'baton-readme-'));
  afterEach(() => vi.restoreAllMocks());

  it('runs and prints what its comments promise', async () => {
    const file = join(directory, 'example.ts');
    writeFileSync(file, readmeExample());
    const printed: unknown[] = [];
    vi.spyOn(console, 'log').mockImplementation((value: unknown) => printed.push(value));
    try {
      await import(pathToFileURL(file).href);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    expect(printed[0]).toEqual({
      messageId: 'm1',
      role: 'ROLE_USER',
      parts: [{ text: 'Plan a trip to Lisbon' }],
    });
    expect(printed[1]).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid parameters: message\.parts: /),
      data: [{ reason: 'INVALID_PARAMS' }, { fieldViolations: [{ field: 'message.parts' }] }],
    });
  });
});
