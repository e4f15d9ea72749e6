/**
 * The changesets configuration, run for real: `changeset version` on a copy of the workspace's manifests,
 * changelogs and pending changesets, with one more changeset. The public packages move together; the private
 * ones do not move; each public package's CHANGELOG.md gets the entry.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PACKAGES, rootDir } from './pack-workspace.ts';

const run = promisify(execFile);
let copy = '';

async function copyWorkspace(): Promise<void> {
  for (const file of ['package.json', 'pnpm-workspace.yaml']) await cp(join(rootDir, file), join(copy, file));
  await cp(join(rootDir, '.changeset'), join(copy, '.changeset'), { recursive: true });
  for (const group of ['packages', 'apps', 'scripts']) {
    for (const entry of await readdir(join(rootDir, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const from = join(rootDir, group, entry.name);
      const to = join(copy, group, entry.name);
      await mkdir(to, { recursive: true });
      for (const file of ['package.json', 'CHANGELOG.md'])
        await cp(join(from, file), join(to, file)).catch(() => {});
    }
  }
}

const manifest = async (path: string) =>
  JSON.parse(await readFile(join(copy, path, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };

describe('changeset version with this workspace', () => {
  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'baton-changesets-'));
    await copyWorkspace();
    await writeFile(
      join(copy, '.changeset', 'grpc-fix.md'),
      "---\n'@baton/grpc': patch\n---\n\nA fix in the gRPC binding only.\n",
    );
    await run(join(rootDir, 'node_modules', '.bin', 'changeset'), ['version'], { cwd: copy });
  }, 60_000);

  afterAll(async () => {
    if (copy !== '') await rm(copy, { recursive: true, force: true });
  });

  it('moves every public package to one new version, even those no changeset names', async () => {
    const before = JSON.parse(await readFile(join(rootDir, 'packages/server/package.json'), 'utf8')) as {
      version: string;
    };
    const versions = new Set<string>();
    for (const name of PUBLIC_PACKAGES) versions.add((await manifest(`packages/${name}`)).version);
    expect(versions.size).toBe(1);
    expect([...versions][0]).not.toBe(before.version);
  });

  it('leaves the private packages and the workspace ranges alone', async () => {
    const chain = JSON.parse(await readFile(join(rootDir, 'packages/chain/package.json'), 'utf8')) as {
      version: string;
    };
    expect((await manifest('packages/chain')).version).toBe(chain.version);
    expect((await manifest('packages/server')).dependencies?.['@baton/protocol']).toBe('workspace:*');
  });

  it('writes each changeset into the CHANGELOG.md of the packages it names, and empties .changeset', async () => {
    const grpc = await readFile(join(copy, 'packages/grpc/CHANGELOG.md'), 'utf8');
    expect(grpc).toContain('A fix in the gRPC binding only.');
    expect(grpc).toContain('## 0.1.0');
    const left = (await readdir(join(copy, '.changeset'))).filter((file) => file.endsWith('.md'));
    expect(left).toEqual(['README.md']);
  });
});
