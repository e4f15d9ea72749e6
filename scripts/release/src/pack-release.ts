/**
 * Packs the public packages into one folder and checks them: the release artifact. Each tarball passes
 * publint and arethetypeswrong, and `release.json` beside them lists every package with its version, file,
 * size and integrity (sha512, as npm writes it in a lockfile).
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PUBLIC_PACKAGES, packWorkspace, rootDir } from './pack-workspace.ts';
import { publintProblems, typeProblems } from './tarball-checks.ts';

/** One released package. */
export interface ReleasedPackage {
  readonly name: string;
  readonly version: string;
  /** The tarball's file name, in the release folder. */
  readonly file: string;
  readonly bytes: number;
  readonly integrity: string;
}

/** What {@link packRelease} made. */
export interface Release {
  readonly folder: string;
  readonly packages: readonly ReleasedPackage[];
  /** The tarball of each package, by its folder name under `packages/`. */
  readonly tarballs: Readonly<Record<string, string>>;
}

/** A tarball failed a check; the message lists every problem of every package. */
export class ReleaseCheckError extends Error {
  override readonly name = 'ReleaseCheckError';
}

async function manifestOf(folder: string): Promise<{ name: string; version: string }> {
  return JSON.parse(await readFile(join(rootDir, 'packages', folder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
}

/** Builds, packs and checks every public package into `folder`, and writes `release.json` there. */
export async function packRelease(folder: string): Promise<Release> {
  const tarballs = await packWorkspace(folder);
  const packages: ReleasedPackage[] = [];
  const problems: string[] = [];
  for (const name of PUBLIC_PACKAGES) {
    const tarball = tarballs[name] ?? '';
    const bytes = await readFile(tarball);
    const { name: packageName, version } = await manifestOf(name);
    packages.push({
      name: packageName,
      version,
      file: basename(tarball),
      bytes: bytes.length,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
    });
    for (const problem of await publintProblems(tarball))
      problems.push(`${packageName}: publint: ${problem}`);
    for (const problem of (await typeProblems(tarball)).problems) {
      problems.push(`${packageName}: arethetypeswrong: ${problem}`);
    }
  }
  if (problems.length > 0) throw new ReleaseCheckError(`the release is not clean:\n${problems.join('\n')}`);
  await writeFile(join(folder, 'release.json'), `${JSON.stringify({ packages }, null, 2)}\n`);
  return { folder, packages, tarballs };
}
