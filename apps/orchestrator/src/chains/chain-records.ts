/** One version of a registered chain, as kept. */
export interface ChainRecord {
  readonly name: string;
  /** 1, 2, 3, … per name. */
  readonly version: number;
  /** The definition as validated (defaults filled in), as JSON. */
  readonly definition: string;
  readonly createdAt: string;
  /** Whether the name is retired (no new runs); said on every version of the name. */
  readonly retired: boolean;
}

/**
 * Where chain definitions are kept, beside the runs, so every orchestrator on the same store runs the same
 * versions and a run finds the version it was started with after any restart or takeover. Versions are never
 * changed or deleted (runs may still be pinned to them); retiring a name stops new runs of it.
 */
export interface ChainRecords {
  /** Every version of every chain, by name then version. */
  listChains(): Promise<readonly ChainRecord[]>;
  /** Keeps a new version (not retired: a name registered again is in use again); `false` when it is taken. */
  addChain(record: Omit<ChainRecord, 'retired'>): Promise<boolean>;
  /** Retires every version of `name`; `false` when no version of it is kept. */
  retireChain(name: string): Promise<boolean>;
}

/** {@link ChainRecords} in process memory (the orchestrator without a durable store). */
export function createInMemoryChainRecords(): ChainRecords {
  const records: ChainRecord[] = [];
  return {
    async listChains() {
      return [...records].sort((a, b) => a.name.localeCompare(b.name) || a.version - b.version);
    },
    async addChain(record) {
      if (records.some((kept) => kept.name === record.name && kept.version === record.version)) return false;
      for (let at = 0; at < records.length; at += 1) {
        const kept = records[at] as ChainRecord;
        if (kept.name === record.name) records[at] = { ...kept, retired: false };
      }
      records.push({ ...record, retired: false });
      return true;
    },
    async retireChain(name) {
      let found = false;
      for (let at = 0; at < records.length; at += 1) {
        const kept = records[at] as ChainRecord;
        if (kept.name !== name) continue;
        records[at] = { ...kept, retired: true };
        found = true;
      }
      return found;
    },
  };
}
