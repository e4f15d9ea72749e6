/**
 * Where each runtime's binary is: the platform package that the registry's `bun`, `deno` and `workerd`
 * packages list as optional dependencies. Found by resolving from the wrapper package, so no install script
 * has to run (pnpm runs none unless allowed) and nothing is downloaded.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A runtime other than Node that an app can be started on. */
export type ForeignRuntime = 'bun' | 'deno' | 'workerd';

/** The runtime's binary is not installed for this platform. */
export class RuntimeUnavailableError extends Error {
  override readonly name = 'RuntimeUnavailableError';
}

const require = createRequire(import.meta.url);

// The platform packages, by runtime, for this machine's platform and architecture (first found wins).
function platformPackages(runtime: ForeignRuntime): { name: string; binary: string }[] {
  const { platform, arch } = process;
  const exe = platform === 'win32' ? '.exe' : '';
  if (runtime === 'bun') {
    const os = platform === 'win32' ? 'windows' : platform;
    const cpu = arch === 'arm64' ? 'aarch64' : arch;
    return [`${os}-${cpu}`, `${os}-${cpu}-musl`, `${os}-${cpu}-baseline`].map((suffix) => ({
      name: `@oven/bun-${suffix}`,
      binary: `bin/bun${exe}`,
    }));
  }
  if (runtime === 'deno') {
    const suffix = platform === 'linux' ? `linux-${arch}-glibc` : `${platform}-${arch}`;
    return [{ name: `@deno/${suffix}`, binary: `deno${exe}` }];
  }
  const os = platform === 'win32' ? 'windows' : platform;
  const cpu = arch === 'x64' ? '64' : arch;
  return [{ name: `@cloudflare/workerd-${os}-${cpu}`, binary: `bin/workerd${exe}` }];
}

/** The absolute path of a runtime's binary, or a {@link RuntimeUnavailableError} that says what is missing. */
export function runtimeBinary(runtime: ForeignRuntime): string {
  let wrapper: string;
  try {
    wrapper = require.resolve(`${runtime}/package.json`);
  } catch {
    throw new RuntimeUnavailableError(
      `the ${runtime} package is not installed (a dependency of @baton/runtimes)`,
    );
  }
  const fromWrapper = createRequire(wrapper);
  const candidates = platformPackages(runtime);
  for (const candidate of candidates) {
    try {
      const path = join(dirname(fromWrapper.resolve(`${candidate.name}/package.json`)), candidate.binary);
      if (existsSync(path)) return path;
    } catch {
      // Not installed for this platform: try the next one.
    }
  }
  throw new RuntimeUnavailableError(
    `${runtime} ships no binary for ${process.platform}-${process.arch} here (looked for ${candidates.map((c) => c.name).join(', ')})`,
  );
}
