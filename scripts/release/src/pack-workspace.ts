/**
 * Builds and packs the workspace's public packages as a release would: each with its own `build` script, then
 * `pnpm pack` with the pnpm pinned in the root package.json (it applies `publishConfig` and turns `workspace:*`
 * and `catalog:` into versions). Plain `npm pack` would do neither.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const rootDir = fileURLToPath(new URL('../../..', import.meta.url));
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The library packages, in build order: each one's workspace dependencies come before it. */
export const LIBRARIES = [
  'protocol',
  'client',
  'server',
  'mcp',
  'ai-sdk',
  'grpc',
  'store-sqlite',
  'store-postgres',
  'bus-redis',
  'bus-postgres',
  'telemetry-node',
  'agent-host',
] as const;

/** Every public package: the libraries, the CLI and the starter. Folder names under `packages/`. */
export const PUBLIC_PACKAGES = [...LIBRARIES, 'cli', 'create-baton-agent'] as const;

export type PublicPackage = (typeof PUBLIC_PACKAGES)[number];

/** The pinned pnpm (`pnpm@x.y.z`), run through npx so that nothing global is needed. */
export async function pinnedPnpm(): Promise<string> {
  const root = JSON.parse(await readFile(join(rootDir, 'package.json'), 'utf8')) as {
    packageManager: string;
  };
  return root.packageManager.split('+')[0] ?? 'pnpm';
}

/** Builds each package with its own `build` script, in order. */
export async function buildPackages(packages: readonly PublicPackage[] = PUBLIC_PACKAGES): Promise<void> {
  for (const name of packages) await run(npm, ['run', 'build'], { cwd: join(rootDir, 'packages', name) });
}

/** Builds and packs each package into `destination`; returns the tarball of each, by folder name. */
export async function packWorkspace(
  destination: string,
  packages: readonly PublicPackage[] = PUBLIC_PACKAGES,
): Promise<Record<string, string>> {
  const pnpm = await pinnedPnpm();
  const tarballs: Record<string, string> = {};
  await buildPackages(packages);
  for (const name of packages) {
    const cwd = join(rootDir, 'packages', name);
    const { stdout } = await run(npx, ['--yes', pnpm, 'pack', '--pack-destination', destination], { cwd });
    tarballs[name] = stdout.trim().split('\n').at(-1)?.trim() ?? '';
  }
  return tarballs;
}
