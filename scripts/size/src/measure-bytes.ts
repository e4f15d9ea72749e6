/**
 * Bundles each entry of budgets.js as size-limit does (esbuild, minified, tree-shaken, one file) and tells where its
 * bytes come from, for the "Bytes" section of docs/benchmarks.md.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type BuildOptions, build } from 'esbuild';
import { BUDGETS, type Budget } from '../budgets.js';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One entry measured. */
export interface BundleBytes {
  readonly budget: Budget;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Minified bytes by where they come from (a package, or a part of one), largest first. */
  readonly parts: readonly { readonly part: string; readonly bytes: number }[];
}

/** Names where a bundled file comes from: its npm package, or the workspace package (0.3 support apart). */
export function partOf(file: string): string {
  const inModules = file.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [scope = '', name = ''] = file.slice(inModules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const workspace = /(?:^|\/)(packages|apps)\/([^/]+)\/(?:src|console\/src)\/(.*)$/.exec(file);
  if (!workspace) return 'the entry';
  const [, , name = '', rest = ''] = workspace;
  if (name === 'protocol' && /^(translate|v03)\//.test(rest))
    return '@baton/protocol: A2A 0.3 (schemas, translation)';
  return name === 'orchestrator' ? 'the console' : `@baton/${name}`;
}

async function measure(budget: Budget): Promise<BundleBytes> {
  const entry = resolve(HERE, budget.path);
  const base: BuildOptions = {
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    ...(budget.importing
      ? {
          stdin: {
            contents: `import ${budget.importing} from ${JSON.stringify(entry)};\nconsole.log(${budget.importing});`,
            resolveDir: HERE,
            loader: 'js',
          },
        }
      : { entryPoints: [entry] }),
    outdir: resolve(HERE, '.bytes'),
  };
  const result = await build(budget.esbuild ? budget.esbuild(base) : base);
  const output = result.outputFiles?.find((file) => file.path.endsWith('.js'));
  if (!output) throw new Error(`esbuild wrote no bundle for ${budget.id}`);
  const byPart = new Map<string, number>();
  for (const meta of Object.values(result.metafile?.outputs ?? {})) {
    for (const [file, input] of Object.entries(meta.inputs)) {
      const part = partOf(file);
      byPart.set(part, (byPart.get(part) ?? 0) + input.bytesInOutput);
    }
  }
  const parts = [...byPart].map(([part, bytes]) => ({ part, bytes })).sort((a, b) => b.bytes - a.bytes);
  return {
    budget,
    bytes: output.contents.length,
    gzipBytes: gzipSync(output.contents, { level: 9 }).length,
    parts,
  };
}

/** Every budget measured, in the order budgets.js lists them. */
export function measureBytes(): Promise<BundleBytes[]> {
  return Promise.all(BUDGETS.map(measure));
}
