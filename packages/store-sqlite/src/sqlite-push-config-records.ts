import type { ProtocolVersion } from '@baton/protocol';
import type { PushConfigRecord, PushConfigRecords, StoredPushConfig } from '@baton/server/store';
import type { SqliteDatabase } from './open-sqlite-database.ts';
import { createSqliteWriteBatch, type SqliteWriteBatch } from './sqlite-write-batch.ts';

interface ConfigRow {
  readonly position: number;
  readonly version: string;
  readonly config: string;
  readonly agent_url: string | null;
}

const toStored = (row: ConfigRow): StoredPushConfig => ({
  config: JSON.parse(row.config) as StoredPushConfig['config'],
  version: row.version as ProtocolVersion,
  ...(row.agent_url === null ? {} : { agentUrl: row.agent_url }),
});

/** {@link PushConfigRecords} in SQLite: one row per config, ordered per task by `position`. */
export function createSqlitePushConfigRecords(
  database: SqliteDatabase,
  writes: SqliteWriteBatch = createSqliteWriteBatch(database),
): PushConfigRecords {
  const update = database.prepare(
    'UPDATE baton_push_configs SET version = ?, config = ?, agent_url = ? WHERE task_id = ? AND config_id = ?',
  );
  const insertIfRoom = database.prepare(`
    INSERT INTO baton_push_configs (task_id, config_id, position, version, config, agent_url)
    SELECT ?1, ?2, COALESCE(MAX(position), 0) + 1, ?3, ?4, ?6 FROM baton_push_configs WHERE task_id = ?1
    HAVING COUNT(*) < ?5`);
  const selectOne = database.prepare(
    'SELECT position, version, config, agent_url FROM baton_push_configs WHERE task_id = ? AND config_id = ?',
  );
  const selectPage = database.prepare(
    'SELECT position, version, config, agent_url FROM baton_push_configs WHERE task_id = ? AND position > ? ORDER BY position LIMIT ?',
  );
  const selectAll = database.prepare(
    'SELECT position, version, config, agent_url FROM baton_push_configs WHERE task_id = ? ORDER BY position',
  );
  const deleteOne = database.prepare('DELETE FROM baton_push_configs WHERE task_id = ? AND config_id = ?');
  const deleteAll = database.prepare('DELETE FROM baton_push_configs WHERE task_id = ?');

  const put = (entry: StoredPushConfig, maxPerTask: number): boolean => {
    const { taskId, id } = entry.config;
    const json = JSON.stringify(entry.config);
    const agentUrl = entry.agentUrl ?? null;
    if (update.run(entry.version, json, agentUrl, taskId, id).changes > 0) return true;
    return insertIfRoom.run(taskId, id, entry.version, json, maxPerTask, agentUrl).changes > 0;
  };

  return {
    async put(entry, maxPerTask) {
      return writes.runAtomic(() => put(entry, maxPerTask));
    },
    async get(taskId, configId) {
      const row = selectOne.get(taskId, configId) as ConfigRow | undefined;
      return row && toStored(row);
    },
    async page(taskId, after, limit): Promise<PushConfigRecord[]> {
      return (selectPage.all(taskId, after, limit) as ConfigRow[]).map((row) => ({
        ...toStored(row),
        position: row.position,
      }));
    },
    async all(taskId) {
      return (selectAll.all(taskId) as ConfigRow[]).map(toStored);
    },
    async delete(taskId, configId) {
      await writes.run(() => deleteOne.run(taskId, configId));
    },
    async deleteForTask(taskId) {
      await writes.run(() => deleteAll.run(taskId));
    },
  };
}
