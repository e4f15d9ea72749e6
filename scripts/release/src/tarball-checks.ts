/**
 * What a packed tarball must pass before it is released: publint (strict) on its manifest and files, and
 * arethetypeswrong on every entry point. Each returns the problems found, one line each; none means clean.
 */
import { readFile } from 'node:fs/promises';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { problemAffectsResolutionKind } from '@arethetypeswrong/core/problems';
import type { ResolutionKind } from '@arethetypeswrong/core/types';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/**
 * The resolutions the packages support. They are ESM only (Node >= 20 can `require` ESM), so `node10` and
 * CommonJS `node16` resolution are not supported, and what arethetypeswrong finds there is expected.
 */
export const SUPPORTED_RESOLUTIONS: readonly ResolutionKind[] = ['node16-esm', 'bundler'];

/** publint in strict mode on the tarball as a registry would serve it. */
export async function publintProblems(tarball: string): Promise<string[]> {
  const { buffer } = await readFile(tarball);
  const { messages, pkg } = await publint({ pack: { tarball: buffer as ArrayBuffer }, strict: true });
  return messages.map((message) => `${message.type} ${formatMessage(message, pkg)}`);
}

/** What arethetypeswrong found on the tarball's entry points, and how many entry points it checked. */
export async function typeProblems(tarball: string): Promise<{ problems: string[]; entryPoints: number }> {
  const result = await checkPackage(createPackageFromTarballData(new Uint8Array(await readFile(tarball))));
  if (!result.types) return { problems: [], entryPoints: 0 };
  const problems = result.problems
    .filter((problem) =>
      SUPPORTED_RESOLUTIONS.some((kind) => problemAffectsResolutionKind(problem, kind, result)),
    )
    .map((problem) => JSON.stringify(problem));
  return { problems, entryPoints: Object.keys(result.entrypoints).length };
}
