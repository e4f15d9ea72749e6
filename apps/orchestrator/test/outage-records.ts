import { storeUnavailableError } from '@baton/server';
import { createInMemoryRunRecords, type RunBatch, type RunRecords } from '../src/run/run-records.ts';

/** Run records whose database can be cut off and brought back, counting the commits and what they held. */
export interface OutageRecords extends RunRecords {
  /** While `true`, every call rejects as an unreachable PostgreSQL does (STORE_UNAVAILABLE). */
  down: boolean;
  /** The commits that went through, each with its batches. */
  readonly commits: (readonly RunBatch[])[];
}

/** {@link OutageRecords} over records in memory (or the ones given). */
export function createOutageRecords(inner: RunRecords = createInMemoryRunRecords()): OutageRecords {
  const commits: (readonly RunBatch[])[] = [];
  const records: OutageRecords = {
    down: false,
    commits,
    async commit(batches) {
      check();
      const refused = await inner.commit(batches);
      commits.push(batches);
      return refused;
    },
    load: (runId) => reached(() => inner.load(runId)),
    eventsAfter: (runId, seq) => reached(() => inner.eventsAfter(runId, seq)),
    unfinished: () => reached(() => inner.unfinished()),
    recent: (limit) => reached(() => inner.recent(limit)),
    ...(inner.chains ? { chains: inner.chains } : {}),
  };
  async function reached<T>(read: () => Promise<T>): Promise<T> {
    check();
    return read();
  }
  function check() {
    if (records.down) throw storeUnavailableError('PostgreSQL: connect ECONNREFUSED 127.0.0.1:5432');
  }
  return records;
}
