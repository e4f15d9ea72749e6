import { fileURLToPath } from 'node:url';
import { type AgentHosting, runAgentMain } from '@baton/agent-host';
import type { A2AServer } from '@baton/server';
import { createGeneratorsFromEnv, type SelectedGenerators } from './generators/generators-from-env.ts';

/** What a chain agent's `main.ts` says about itself. */
export interface ChainAgentOptions {
  /** The app's name, used in every line it prints. */
  readonly name: string;
  /** The port it listens on when `PORT` is not set. */
  readonly defaultPort: number;
  /** Builds the agent from the generators the environment selects and where it is hosted (URL, store, cluster). */
  readonly create: (input: AgentHosting & { readonly generators: SelectedGenerators }) => A2AServer;
}

/** The git-ignored folder at the repository root where the apps keep their SQLite files by default. */
export const DEFAULT_DATA_DIRECTORY = fileURLToPath(new URL('../../../data/', import.meta.url));

/** The store an app uses when `BATON_STORE` is unset: a SQLite file named after it in the data folder. */
export function defaultStoreFor(name: string): string {
  return `sqlite:${DEFAULT_DATA_DIRECTORY}${name}.db`;
}

/**
 * The origins the chain's agents take browser calls from by default: the console's (the orchestrator on its
 * default port, by the names it prints). Its Inspector calls the agents from the page.
 */
export const CONSOLE_ORIGINS = ['http://127.0.0.1:4100', 'http://localhost:4100'] as const;

/**
 * Runs one agent of the chain as a process: `runAgentMain` from `@baton/agent-host` (its environment, its
 * `listening on` line, its graceful stop), with the generators `createGeneratorsFromEnv` selects, the
 * repository's data folder as the default store, and the console's origins allowed by default.
 */
export function runChainAgent(options: ChainAgentOptions, env = process.env): Promise<void> {
  return runAgentMain(
    {
      name: options.name,
      defaultPort: options.defaultPort,
      defaultStore: defaultStoreFor(options.name),
      defaultCorsOrigins: CONSOLE_ORIGINS,
      create: (hosting) => {
        const generators = createGeneratorsFromEnv(env);
        console.log(`${options.name}: ${generators.describe}`);
        return options.create({ ...hosting, generators });
      },
    },
    env,
  );
}
