/**
 * Makes the release once for every test file of this package, as `pnpm release --no-version` would (see
 * pack-release.ts): built, packed and checked. A tarball that fails publint or arethetypeswrong fails the run
 * here, with every problem listed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packRelease } from './pack-release.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarball of each public package, by its folder name under `packages/`. */
    tarballs: Record<string, string>;
    /** The folder the release was made in (tarballs and release.json). */
    releaseFolder: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'baton-release-'));
  const release = await packRelease(folder);
  project.provide('tarballs', { ...release.tarballs });
  project.provide('releaseFolder', folder);
  return () => rm(folder, { recursive: true, force: true });
}
