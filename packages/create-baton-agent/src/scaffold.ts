/**
 * Writes a new agent project: the shared agent and its test, the runtime's entry, package.json, tsconfig.json
 * and a README with the project's two commands.
 */
import { cp, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_PROFILES, type StarterRuntime } from './runtimes.ts';

/** Options of {@link scaffoldAgent}. */
export interface ScaffoldOptions {
  /** The folder to create (or an empty one to fill). */
  readonly directory: string;
  readonly runtime: StarterRuntime;
  /** The npm package name; default the folder's name, made valid. */
  readonly name?: string;
  /** The range of the Baton packages written into package.json; default `^` this starter's version. */
  readonly batonRange?: string;
}

/** What {@link scaffoldAgent} wrote. */
export interface ScaffoldResult {
  readonly directory: string;
  readonly name: string;
  readonly files: readonly string[];
}

/** The folder is there and holds files: nothing is written over. */
export class DirectoryNotEmptyError extends Error {
  override readonly name = 'DirectoryNotEmptyError';
}

const templateRoot = fileURLToPath(new URL('../template/', import.meta.url));

/** A valid npm package name from a folder name: lower case, dashes for anything else. */
export function packageNameOf(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|[-]+$/g, '');
  return name === '' ? 'my-agent' : name.slice(0, 214);
}

/** "word-counter" → "Word counter", for the card's name. */
function titleOf(name: string): string {
  const words = name.replace(/[-_.~]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

async function starterVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

async function listFiles(directory: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(join(directory, entry.name), path)));
    else files.push(path);
  }
  return files.sort();
}

function packageJson(name: string, runtime: StarterRuntime, batonRange: string): string {
  const profile = RUNTIME_PROFILES[runtime];
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    scripts: profile.scripts,
    dependencies: { '@baton/server': batonRange },
    devDependencies: {
      '@baton/client': batonRange,
      '@types/node': '^20.19.0',
      typescript: '^5.9.0',
      ...profile.devDependencies,
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function tsconfig(runtime: StarterRuntime): string {
  const emits = RUNTIME_PROFILES[runtime].emits;
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2023'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    verbatimModuleSyntax: true,
    allowImportingTsExtensions: true,
    ...(emits ? { rewriteRelativeImportExtensions: true, rootDir: 'src', outDir: 'dist' } : { noEmit: true }),
  };
  return `${JSON.stringify({ compilerOptions, include: ['src'] }, null, 2)}\n`;
}

function readme(title: string, runtime: StarterRuntime): string {
  const profile = RUNTIME_PROFILES[runtime];
  const entry = runtime === 'workers' ? 'src/worker.ts' : 'src/main.ts';
  return `# ${title}

An [A2A](https://a2a-protocol.org) agent on ${profile.label}, made with Baton. It counts the words of the text
you send and names the longest one; an empty message gets a question back.

\`\`\`sh
${profile.commands[0]}
${profile.commands[1]}
\`\`\`

The first installs and serves the agent${runtime === 'workers' ? ' with wrangler' : ' on http://127.0.0.1:4000 (`PORT` and `HOST` change it)'};
the second talks to it through \`@baton/client\`.

- \`src/agent.ts\`: the card and the executor. Change these.
- \`${entry}\`: serves the agent on ${profile.label}.
- \`src/agent.test.ts\`: the test, through \`@baton/client\`.

With the agent running, any A2A client can call it, for example Baton's CLI:

\`\`\`sh
npx @baton/cli send http://127.0.0.1:${runtime === 'workers' ? '8787' : '4000'} "The quick brown fox"
\`\`\`
`;
}

/** Writes the project and returns what it wrote. Refuses a folder that holds files. */
export async function scaffoldAgent(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const directory = resolve(options.directory);
  const existing = await readdir(directory).catch(() => []);
  if (existing.length > 0) {
    throw new DirectoryNotEmptyError(`${directory} is not empty: choose a new folder`);
  }
  const name = options.name ?? packageNameOf(basename(directory));
  const title = titleOf(name);
  const batonRange = options.batonRange ?? `^${await starterVersion()}`;
  await mkdir(directory, { recursive: true });
  await cp(join(templateRoot, 'shared'), directory, { recursive: true });
  await cp(join(templateRoot, options.runtime), directory, { recursive: true });
  // npm leaves `.gitignore` out of a package, so the template calls it `gitignore`.
  await rename(join(directory, 'gitignore'), join(directory, '.gitignore'));
  for (const file of ['src/agent.ts', ...(options.runtime === 'workers' ? ['wrangler.jsonc'] : [])]) {
    const path = join(directory, file);
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replaceAll('AGENT_TITLE', title).replaceAll('AGENT_NAME', name));
  }
  await writeFile(join(directory, 'package.json'), packageJson(name, options.runtime, batonRange));
  await writeFile(join(directory, 'tsconfig.json'), tsconfig(options.runtime));
  await writeFile(join(directory, 'README.md'), readme(title, options.runtime));
  return { directory, name, files: await listFiles(directory) };
}
