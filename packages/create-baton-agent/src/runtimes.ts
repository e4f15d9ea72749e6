/** What differs between the runtimes a scaffolded agent can target: its entry, scripts and dev dependencies. */

/** A runtime the starter scaffolds for. */
export type StarterRuntime = 'node' | 'bun' | 'deno' | 'workers';

/** Every runtime, the default first. */
export const STARTER_RUNTIMES: readonly StarterRuntime[] = ['node', 'bun', 'deno', 'workers'];

/** How a scaffolded project on one runtime is run, tested and documented. */
export interface RuntimeProfile {
  readonly label: string;
  /** `package.json` scripts. */
  readonly scripts: Readonly<Record<string, string>>;
  /** Dev dependencies beyond TypeScript, Node's types and @baton/client. */
  readonly devDependencies: Readonly<Record<string, string>>;
  /** Whether tsc writes `dist/` (Node runs JavaScript; Bun and Deno run the TypeScript as it is). */
  readonly emits: boolean;
  /** The README's two commands: install and start, then test. */
  readonly commands: readonly [string, string];
}

const DENO_PERMISSIONS = '--allow-net --allow-env --allow-read';

export const RUNTIME_PROFILES: Readonly<Record<StarterRuntime, RuntimeProfile>> = {
  node: {
    label: 'Node.js (20 or later)',
    scripts: {
      build: 'tsc',
      start: 'tsc && node dist/main.js',
      test: 'tsc && node --test dist/agent.test.js',
    },
    devDependencies: {},
    emits: true,
    commands: ['npm install && npm start', 'npm test'],
  },
  bun: {
    label: 'Bun',
    scripts: { start: 'bun src/main.ts', test: 'bun test', typecheck: 'tsc' },
    devDependencies: {},
    emits: false,
    commands: ['bun install && bun run start', 'bun test'],
  },
  deno: {
    label: 'Deno (2 or later)',
    scripts: {
      start: `deno run ${DENO_PERMISSIONS} --unstable-no-legacy-abort src/main.ts`,
      test: `deno test ${DENO_PERMISSIONS} src/`,
      typecheck: 'tsc',
    },
    devDependencies: {},
    emits: false,
    commands: ['deno install && deno task start', 'deno task test'],
  },
  workers: {
    label: 'Cloudflare Workers',
    scripts: {
      start: 'wrangler dev',
      deploy: 'wrangler deploy',
      test: 'tsc && node --test dist/agent.test.js',
    },
    devDependencies: { wrangler: '^4.0.0' },
    emits: true,
    commands: ['npm install && npm start', 'npm test'],
  },
};

/** The runtime named, or an error listing the ones there are. */
export function parseRuntime(name: string): StarterRuntime {
  const runtime = STARTER_RUNTIMES.find((candidate) => candidate === name.toLowerCase());
  if (!runtime) throw new Error(`unknown runtime "${name}": choose ${STARTER_RUNTIMES.join(', ')}`);
  return runtime;
}

/** The runtime the user's package manager suggests (`bun create`, `deno run npm:`), else Node. */
export function runtimeFromUserAgent(userAgent: string | undefined): StarterRuntime {
  if (userAgent?.startsWith('bun/')) return 'bun';
  if (userAgent?.startsWith('deno/')) return 'deno';
  return 'node';
}
