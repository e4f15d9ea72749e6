/**
 * Builds and packs the workspace's public packages as a release would: each with its own `build` script, then
 * `pnpm pack` with the pnpm pinned in the root package.json (it applies `publishConfig` and turns `workspace:*`
 * and `catalog:` into versions). Plain `npm pack` would do neither.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
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

/** How many builds or packs run at once: one per core, at most four. */
const AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));

/** Runs `work` with at most `limit` calls under way at once. */
function createLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** The packages among `packages` that `name`'s build reads (its dependencies and peers: their `dist/` types). */
async function buildInputs(
  name: PublicPackage,
  packages: readonly PublicPackage[],
): Promise<PublicPackage[]> {
  const manifest = JSON.parse(await readFile(join(rootDir, 'packages', name, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const named = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
  return packages.filter((other) => other !== name && named.has(`@baton/${other}`));
}

/**
 * Builds each package with its own `build` script, each after the packages its build reads, several at once
 * (one per core): the chain of dependencies, not the list, sets how long it takes.
 */
export async function buildPackages(packages: readonly PublicPackage[] = PUBLIC_PACKAGES): Promise<void> {
  const limit = createLimit(AT_ONCE);
  const inputs = new Map(
    await Promise.all(packages.map(async (name) => [name, await buildInputs(name, packages)] as const)),
  );
  const builds = new Map<PublicPackage, Promise<void>>();
  const build = (name: PublicPackage): Promise<void> => {
    let built = builds.get(name);
    if (!built) {
      built = Promise.all((inputs.get(name) ?? []).map(build)).then(() =>
        limit(async () => {
          await run(npm, ['run', 'build'], { cwd: join(rootDir, 'packages', name) });
        }),
      );
      builds.set(name, built);
    }
    return built;
  };
  await Promise.all(packages.map(build));
}

/** Builds and packs each package into `destination`; returns the tarball of each, by folder name. */
export async function packWorkspace(
  destination: string,
  packages: readonly PublicPackage[] = PUBLIC_PACKAGES,
): Promise<Record<string, string>> {
  const pnpm = await pinnedPnpm();
  await buildPackages(packages);
  const limit = createLimit(AT_ONCE);
  const packed = await Promise.all(
    packages.map((name) =>
      limit(async () => {
        const cwd = join(rootDir, 'packages', name);
        const { stdout } = await run(npx, ['--yes', pnpm, 'pack', '--pack-destination', destination], {
          cwd,
        });
        return [name, stdout.trim().split('\n').at(-1)?.trim() ?? ''] as const;
      }),
    ),
  );
  return Object.fromEntries(packed);
}
