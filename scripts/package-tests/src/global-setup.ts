/** Packs the public packages once for every test file of this package (see pack-workspace.ts). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packWorkspace } from './pack-workspace.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The packed tarball of each public package, by its folder name under `packages/`. */
    tarballs: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'baton-packed-'));
  project.provide('tarballs', await packWorkspace(folder));
  return () => rm(folder, { recursive: true, force: true });
}
