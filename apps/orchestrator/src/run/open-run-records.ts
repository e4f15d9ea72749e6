import type { OpenedStores } from '@baton/agent-host';
import { createPostgresRunRecords } from './postgres-run-records.ts';
import { createInMemoryRunRecords, type RunRecords } from './run-records.ts';
import { createSqliteRunRecords } from './sqlite-run-records.ts';

/** The run records on the store the orchestrator opened: its SQLite file, its PostgreSQL database, or memory. */
export async function openRunRecords(stores: OpenedStores): Promise<RunRecords> {
  if (stores.sqlite) return createSqliteRunRecords(stores.sqlite.database);
  if (stores.postgres) return createPostgresRunRecords(stores.postgres.pool);
  return createInMemoryRunRecords();
}
