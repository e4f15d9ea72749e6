import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The console's files, built and ready to serve. */
export interface ConsoleAssets {
  readonly html: string;
  readonly js: string;
  readonly css: string;
}

const consoleRoot = fileURLToPath(new URL('../../console/', import.meta.url));

let built: Promise<ConsoleAssets> | undefined;

/** The console built once per process (the first call builds it; a failed build is tried again next time). */
export function loadConsole(): Promise<ConsoleAssets> {
  if (!built) {
    const building = buildConsole();
    building.catch(() => {
      if (built === building) built = undefined;
    });
    built = building;
  }
  return built;
}

/**
 * Builds the web console (Preact, `@baton/client`, markdown-it) with esbuild, in memory: one minified module
 * and its stylesheet, no network and no files written. Takes well under a second; the orchestrator does it
 * once, at start.
 */
export async function buildConsole(): Promise<ConsoleAssets> {
  const [bundle, styles, html] = await Promise.all([
    build({
      entryPoints: [`${consoleRoot}src/main.tsx`],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    }),
    build({
      entryPoints: [`${consoleRoot}src/styles.css`],
      bundle: true,
      minify: true,
      write: false,
      logLevel: 'silent',
    }),
    readFile(`${consoleRoot}index.html`, 'utf8'),
  ]);
  return { html, js: bundle.outputFiles[0]?.text ?? '', css: styles.outputFiles[0]?.text ?? '' };
}
