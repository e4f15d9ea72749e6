import { whileReachable } from '@baton/store-postgres';
import type { Pool } from 'pg';
import type { ChainRecords } from './chain-records.ts';

/** {@link ChainRecords} in PostgreSQL (the `orchestrator_chains` table, migrated with the runs'). */
export function createPostgresChainRecords(pool: Pool): ChainRecords {
  return {
    listChains: () =>
      whileReachable(async () => {
        const { rows } = await pool.query<{
          name: string;
          version: number;
          definition: string;
          created_at: string;
          retired: boolean;
        }>(
          'SELECT name, version, definition, created_at, retired FROM orchestrator_chains ORDER BY name, version',
        );
        return rows.map((row) => ({
          name: row.name,
          version: row.version,
          definition: row.definition,
          createdAt: row.created_at,
          retired: row.retired,
        }));
      }),
    addChain: (record) =>
      whileReachable(async () => {
        // One statement: the version is added and the name in use again, or neither (its number was taken).
        const { rows } = await pool.query<{ added: boolean }>(
          `WITH added AS (
             INSERT INTO orchestrator_chains (name, version, definition, created_at, retired)
             VALUES ($1, $2, $3, $4, false) ON CONFLICT DO NOTHING RETURNING name
           ), unretired AS (
             UPDATE orchestrator_chains SET retired = false WHERE name IN (SELECT name FROM added)
           )
           SELECT EXISTS (SELECT 1 FROM added) AS added`,
          [record.name, record.version, record.definition, record.createdAt],
        );
        return rows[0]?.added === true;
      }),
    retireChain: (name) =>
      whileReachable(async () => {
        const result = await pool.query('UPDATE orchestrator_chains SET retired = true WHERE name = $1', [
          name,
        ]);
        return (result.rowCount ?? 0) > 0;
      }),
  };
}
