import type { SqliteDatabase } from '@baton/store-sqlite';
import type { ChainRecord, ChainRecords } from './chain-records.ts';

/** {@link ChainRecords} in the orchestrator's SQLite file (its `orchestrator_chains` table, migrated with the runs'). */
export function createSqliteChainRecords(database: SqliteDatabase): ChainRecords {
  const select = database.prepare(
    'SELECT name, version, definition, created_at, retired FROM orchestrator_chains ORDER BY name, version',
  );
  const insert = database.prepare(
    'INSERT INTO orchestrator_chains (name, version, definition, created_at, retired) VALUES (?, ?, ?, ?, 0) ON CONFLICT DO NOTHING',
  );
  const setRetired = database.prepare('UPDATE orchestrator_chains SET retired = ? WHERE name = ?');
  const add = database.transaction((record: Omit<ChainRecord, 'retired'>) => {
    const added = insert.run(record.name, record.version, record.definition, record.createdAt).changes > 0;
    if (added) setRetired.run(0, record.name);
    return added;
  });
  return {
    async listChains() {
      return (
        select.all() as {
          name: string;
          version: number;
          definition: string;
          created_at: string;
          retired: number;
        }[]
      ).map((row) => ({
        name: row.name,
        version: row.version,
        definition: row.definition,
        createdAt: row.created_at,
        retired: row.retired === 1,
      }));
    },
    async addChain(record) {
      return add(record);
    },
    async retireChain(name) {
      return setRetired.run(1, name).changes > 0;
    },
  };
}
