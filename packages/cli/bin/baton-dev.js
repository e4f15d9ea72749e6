#!/usr/bin/env node
// In the workspace the CLI runs from its TypeScript source, bundled on first use (and again when a source file
// changes) into node_modules/.cache: `baton --help` then takes a node start, not a TypeScript compile. A packed
// @baton/cli runs dist/baton.js.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleApp } from '../../../scripts/start/src/bundle-app.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = join(here, '..', '..', '..', 'node_modules', '.cache', 'baton-start', 'baton-cli.mjs');
await bundleApp({ entry: join(here, '..', 'src', 'main.ts'), outfile });
await import(pathToFileURL(outfile).href);
