/**
 * The release folder that global-setup.ts made (as `pnpm release --no-version` does), and the checks that
 * guard it: they pass on every tarball there, and they fail a tarball whose declarations are missing.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { checkApiReports } from './api-reports.ts';
import type { ReleasedPackage } from './pack-release.ts';
import { PUBLIC_PACKAGES, rootDir } from './pack-workspace.ts';
import { publintProblems, typeProblems } from './tarball-checks.ts';

const run = promisify(execFile);
const folder = inject('releaseFolder');
const tarballs = inject('tarballs');
const scratch: string[] = [];

afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

describe('the release folder', () => {
  it('lists every public package at its workspace version, with the size and integrity of its tarball', async () => {
    const { packages } = JSON.parse(await readFile(join(folder, 'release.json'), 'utf8')) as {
      packages: ReleasedPackage[];
    };
    expect(packages).toHaveLength(PUBLIC_PACKAGES.length);
    for (const [index, item] of packages.entries()) {
      const workspace = JSON.parse(
        await readFile(join(rootDir, 'packages', PUBLIC_PACKAGES[index] ?? '', 'package.json'), 'utf8'),
      ) as { name: string; version: string };
      expect(item).toMatchObject({ name: workspace.name, version: workspace.version });
      const bytes = await readFile(join(folder, item.file));
      expect(bytes.length).toBe(item.bytes);
      expect(item.integrity).toBe(`sha512-${createHash('sha512').update(bytes).digest('base64')}`);
    }
  });

  it('holds tarballs that pass publint (strict) and arethetypeswrong at every entry point', async () => {
    let entryPoints = 0;
    for (const [name, tarball] of Object.entries(tarballs)) {
      expect(await publintProblems(tarball), name).toEqual([]);
      const types = await typeProblems(tarball);
      expect(types.problems, name).toEqual([]);
      // Only the CLI has nothing to import: it is a binary.
      if (name !== 'cli') expect(types.entryPoints, name).toBeGreaterThan(0);
      entryPoints += types.entryPoints;
    }
    expect(entryPoints).toBeGreaterThanOrEqual(17);
  }, 120_000);

  it('would refuse a tarball whose declarations are missing: publint and arethetypeswrong both say so', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'baton-broken-'));
    scratch.push(dir);
    await run('tar', ['-xzf', tarballs.protocol ?? '', '-C', dir]);
    await rm(join(dir, 'package', 'dist', 'index.d.ts'));
    const broken = join(dir, 'broken.tgz');
    await run('tar', ['-czf', broken, '-C', dir, 'package']);
    expect((await publintProblems(broken)).join('\n')).toMatch(/index\.d\.ts/);
    expect((await typeProblems(broken)).problems.join('\n')).toMatch(
      /UntypedResolution|InternalResolutionError|NoResolution/,
    );
  }, 60_000);

  it('has an API report for every entry point, matching the built declarations (pnpm api rewrites them)', async () => {
    const reports = await checkApiReports({ update: false });
    expect(reports.map((report) => report.specifier)).toEqual(
      expect.arrayContaining(['@baton/protocol', '@baton/server', '@baton/server/node', '@baton/client']),
    );
    expect(reports.filter((report) => report.changed).map((report) => report.file)).toEqual([]);
    expect(reports.flatMap((report) => report.problems)).toEqual([]);
  }, 180_000);
});
