import { formatIssuePath } from '@baton/protocol';
import type { Logger } from '@baton/server';
import type { Problem } from '../nodes/node-kind.ts';
import type { ChainCatalog, VersionedChain } from './chain-catalog.ts';
import { subChainProblems } from './chain-catalog.ts';
import { type ChainDefinition, ChainDefinitionSchema } from './chain-definition.ts';
import { type ChainRecord, type ChainRecords, createInMemoryChainRecords } from './chain-records.ts';

/** A chain as the registry lists it: its newest version, and every version's number and date. */
export interface ChainEntry extends VersionedChain {
  readonly retired: boolean;
  readonly createdAt: string;
  readonly versions: readonly { readonly version: number; readonly createdAt: string }[];
}

/** A definition the registry refuses, with each problem at its path. */
export class ChainRefusedError extends Error {
  override readonly name = 'ChainRefusedError';
  constructor(readonly problems: readonly Problem[]) {
    super(
      problems
        .map((problem) => `${formatIssuePath(problem.path) || '(definition)'}: ${problem.message}`)
        .join('; '),
    );
  }
}

/** The chains runs may name, kept with every version in the runs' store. */
export interface ChainRegistry extends ChainCatalog {
  /** Every chain (retired ones too), `default` first, then by name; read from the store. */
  list(): Promise<readonly ChainEntry[]>;
  /** One chain with its versions, or `undefined` (as of at most `staleAfterMs` ago, like `get`). */
  entry(name: string): Promise<ChainEntry | undefined>;
  /**
   * Validates a definition and keeps it as the name's next version (1 for a new name; a retired name is in use
   * again). The same definition as the newest version is not kept twice: its version is answered. Rejects with a
   * {@link ChainRefusedError} naming each problem.
   */
  register(
    definition: unknown,
  ): Promise<{ readonly chain: ChainDefinition; readonly version: number; readonly created: boolean }>;
  /** Checks a definition as `register` does, without keeping it; rejects with a {@link ChainRefusedError}. */
  validate(definition: unknown): Promise<ChainDefinition>;
  /** Retires a chain: no new runs (those under way, and their versions, stay); `false` when there is none. */
  retire(name: string): Promise<boolean>;
  /** Resolves once the chains read from files are registered (every other call waits for it first). */
  ready(): Promise<void>;
}

/** Options of {@link createChainRegistry}. */
export interface ChainRegistryOptions {
  /** Where versions are kept; default in memory. */
  readonly records?: ChainRecords | undefined;
  /**
   * The chains read from files at start: each is registered before anything else is answered (a changed file
   * makes a new version; the same one is not kept twice; a retired name stays retired).
   */
  readonly files?: readonly ChainDefinition[];
  /** More checks of a definition registered over the API (the agents it may call); resolves with its problems. */
  readonly check?: (chain: ChainDefinition) => Promise<readonly Problem[]>;
  readonly logger?: Logger | undefined;
  /** How long a list read from the store serves lookups of a newest version; default 1 s. */
  readonly staleAfterMs?: number;
}

/**
 * Creates the {@link ChainRegistry}. A version, once kept, never changes: it is read once and cached. The newest
 * version of a name is looked up in a list read from the store at most `staleAfterMs` ago (or just now, after a
 * registration here or a name not found), so another orchestrator's registration is seen within that time.
 */
export function createChainRegistry(options: ChainRegistryOptions = {}): ChainRegistry {
  const records = options.records ?? createInMemoryChainRecords();
  const staleAfterMs = options.staleAfterMs ?? 1_000;
  const parsed = new Map<string, ChainDefinition>();
  let listed: { at: number; records: readonly ChainRecord[] } | undefined;

  const read = async (fresh: boolean) => {
    if (fresh || listed === undefined || Date.now() - listed.at > staleAfterMs)
      listed = { at: Date.now(), records: await records.listChains() };
    return listed.records;
  };
  const definitionOf = (record: ChainRecord) => {
    const key = `${record.name}@${record.version}`;
    let chain = parsed.get(key);
    if (chain === undefined) {
      chain = ChainDefinitionSchema.parse(JSON.parse(record.definition));
      parsed.set(key, chain);
    }
    return chain;
  };
  const find = (all: readonly ChainRecord[], name: string, version?: number) => {
    const versions = all.filter((record) => record.name === name);
    return version === undefined ? versions.at(-1) : versions.find((record) => record.version === version);
  };
  const entriesOf = (all: readonly ChainRecord[]): ChainEntry[] => {
    const names = [...new Set(all.map((record) => record.name))].sort((a, b) =>
      a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b),
    );
    return names.map((name) => {
      const versions = all.filter((record) => record.name === name);
      const newest = versions.at(-1) as ChainRecord;
      return {
        chain: definitionOf(newest),
        version: newest.version,
        retired: newest.retired,
        createdAt: newest.createdAt,
        versions: versions.map((record) => ({ version: record.version, createdAt: record.createdAt })),
      };
    });
  };

  async function keep(chain: ChainDefinition): Promise<{ version: number; created: boolean }> {
    const definition = JSON.stringify(chain);
    for (let tries = 0; ; tries += 1) {
      const newest = find(await read(true), chain.name);
      if (newest !== undefined && newest.definition === definition && !newest.retired)
        return { version: newest.version, created: false };
      const version = (newest?.version ?? 0) + 1;
      const added = await records.addChain({
        name: chain.name,
        version,
        definition,
        createdAt: new Date().toISOString(),
      });
      listed = undefined;
      if (added) return { version, created: true };
      // Another orchestrator took that number meanwhile: read again and go on from its version.
      if (tries >= 5)
        throw new Error(`Could not keep a version of chain ${chain.name}: its numbers keep being taken`);
    }
  }

  /** A definition checked whole: its schema and graph, its sub-chains against the kept chains, then `check`. */
  async function validate(input: unknown): Promise<ChainDefinition> {
    const result = ChainDefinitionSchema.safeParse(input);
    if (!result.success)
      throw new ChainRefusedError(
        result.error.issues.map((issue) => ({
          path: issue.path as (string | number)[],
          message: issue.message,
        })),
      );
    const chain = result.data;
    const all = await read(true);
    const lookup = (name: string, version?: number) => {
      const record = find(all, name, version);
      return record && definitionOf(record);
    };
    const problems = [...subChainProblems(chain, lookup), ...((await options.check?.(chain)) ?? [])];
    if (problems.length > 0) throw new ChainRefusedError(problems);
    return chain;
  }

  let syncing: Promise<void> | undefined;
  /** The files' chains registered (tried again on the next call when the store could not be reached). */
  const ready = () => {
    syncing ??= sync(options.files ?? []).catch((error: unknown) => {
      syncing = undefined;
      throw error;
    });
    return syncing;
  };

  const registry: ChainRegistry = {
    ready,
    async get(name, version) {
      await ready();
      let record = find(await read(false), name, version);
      if (record === undefined) record = find(await read(true), name, version);
      return record && { chain: definitionOf(record), version: record.version };
    },
    async list() {
      await ready();
      return entriesOf(await read(true));
    },
    async entry(name) {
      await ready();
      // Every start of a run asks: the list read at most `staleAfterMs` ago serves it, read again for a name not in it.
      const named = (all: readonly ChainRecord[]) => all.filter((record) => record.name === name);
      let versions = named(await read(false));
      if (versions.length === 0) versions = named(await read(true));
      return entriesOf(versions)[0];
    },
    async register(input) {
      await ready();
      const chain = await validate(input);
      const { version, created } = await keep(chain);
      return { chain, version, created };
    },
    async validate(input) {
      await ready();
      return validate(input);
    },
    async retire(name) {
      await ready();
      const retired = await records.retireChain(name);
      listed = undefined;
      return retired;
    },
  };
  return registry;

  /** Registers the chains read from files. */
  async function sync(chains: readonly ChainDefinition[]) {
    const all = await read(true);
    // Files may call each other's chains: all are known before any is checked.
    const lookup = (name: string, version?: number) => {
      const file =
        version === undefined || version === 1 ? chains.find((chain) => chain.name === name) : undefined;
      const record = find(all, name, version);
      return file ?? (record && definitionOf(record));
    };
    for (const chain of chains) {
      const problems = subChainProblems(chain, lookup);
      if (problems.length > 0) {
        options.logger?.error('A chain file was refused: its sub-chains', { chain: chain.name, problems });
        continue;
      }
      const newest = find(all, chain.name);
      if (newest?.retired) {
        options.logger?.warn?.('A chain file names a retired chain; it stays retired', { chain: chain.name });
        continue;
      }
      await keep(chain);
    }
  }
}
