// @ts-check
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { dirname, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const BUILTINS = new Set(builtinModules);

/**
 * Bundles an app's entry (its TypeScript and the workspace packages' TypeScript) into one ES module that plain
 * node runs: what a TypeScript loader would compile file by file at every start is compiled once, in well under
 * a second. Third-party packages stay outside, imported by the file URL esbuild resolves them to from the file
 * that imports them, so each keeps its own version and files. Each source file keeps its own `import.meta.url`,
 * so paths relative to a source file (the console's sources, the shipped chains, the data folder) still resolve.
 * A bundle newer than every file it was built from is kept (their list is written beside it).
 * @param {{ entry: string, outfile: string }} options
 * @returns {Promise<'built' | 'kept'>}
 */
export async function bundleApp({ entry, outfile }) {
  if (isFresh(outfile)) return 'kept';
  // Loaded only to build: a start with fresh bundles does not pay for it.
  const { build } = await import('esbuild');
  const result = await build({
    metafile: true,
    write: false,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Resolve third-party packages as Node does (no `module` condition or field), since Node loads them.
    conditions: ['node'],
    mainFields: ['main'],
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [
      {
        name: 'third-party-by-url',
        setup(plugin) {
          plugin.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData === 'resolving') return undefined;
            if (args.path.startsWith('node:') || BUILTINS.has(args.path)) {
              return { path: args.path, external: true };
            }
            const resolved = await plugin.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: 'resolving',
            });
            if (resolved.errors.length > 0) return { errors: resolved.errors };
            // Workspace packages resolve (through their links) to their sources: those are bundled.
            if (!resolved.path.includes(`${sep}node_modules${sep}`)) return { path: resolved.path };
            return { path: pathToFileURL(resolved.path).href, external: true };
          });
        },
      },
      {
        name: 'own-import-meta-url',
        setup(plugin) {
          plugin.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
            if (args.path.includes('/node_modules/')) return undefined;
            const source = await readFile(args.path, 'utf8');
            const url = JSON.stringify(pathToFileURL(args.path).href);
            return {
              contents: source.replaceAll('import.meta.url', url),
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile?.inputs ?? {}).map((input) => resolve(input));
  // Written aside and renamed into place: another process starting at the same time never reads half a bundle.
  const temporary = `${outfile}.${process.pid}.tmp`;
  mkdirSync(dirname(outfile), { recursive: true });
  writeFileSync(temporary, result.outputFiles?.[0]?.contents ?? '');
  writeFileSync(`${outfile}.inputs.json.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(temporary, outfile);
  renameSync(`${outfile}.inputs.json.${process.pid}.tmp`, `${outfile}.inputs.json`);
  return 'built';
}

/** Whether a bundle is newer than each file it was built from (and all of them still exist). */
function isFresh(/** @type {string} */ outfile) {
  const list = `${outfile}.inputs.json`;
  if (!existsSync(outfile) || !existsSync(list)) return false;
  const builtAt = statSync(outfile).mtimeMs;
  /** @type {string[]} */
  const inputs = JSON.parse(readFileSync(list, 'utf8'));
  return inputs.every((input) => existsSync(input) && statSync(input).mtimeMs <= builtAt);
}
