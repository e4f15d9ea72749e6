import type { ProtocolVersion } from '@baton/protocol';
import type { PushConfigRecord, PushConfigRecords, StoredPushConfig } from '@baton/server/store';
import type { Pool } from 'pg';
import { whileReachable } from './postgres-errors.ts';

interface ConfigRow {
  readonly position: string;
  readonly version: string;
  readonly config: StoredPushConfig['config'];
  readonly agent_url: string | null;
}

const toStored = (row: ConfigRow): StoredPushConfig => ({
  config: row.config,
  version: row.version as ProtocolVersion,
  ...(row.agent_url === null ? {} : { agentUrl: row.agent_url }),
});

const INSERT_IF_ROOM = `
  INSERT INTO baton_push_configs (task_id, config_id, position, version, config, agent_url)
  SELECT $1, $2, COALESCE(MAX(position), 0) + 1, $3, $4, $6 FROM baton_push_configs WHERE task_id = $1
  HAVING COUNT(*) < $5
  ON CONFLICT (task_id, config_id) DO UPDATE
  SET version = EXCLUDED.version, config = EXCLUDED.config, agent_url = EXCLUDED.agent_url`;

/** {@link PushConfigRecords} in PostgreSQL: one row per config, ordered per task by `position`. */
export function createPostgresPushConfigRecords(pool: Pool): PushConfigRecords {
  const query = <Row extends object = ConfigRow>(sql: string, params: unknown[]) =>
    whileReachable(() => pool.query<Row>(sql, params));

  return {
    async put(entry, maxPerTask) {
      const { taskId, id } = entry.config;
      const json = JSON.stringify(entry.config);
      const agentUrl = entry.agentUrl ?? null;
      const updated = await query(
        'UPDATE baton_push_configs SET version = $3, config = $4, agent_url = $5 WHERE task_id = $1 AND config_id = $2',
        [taskId, id, entry.version, json, agentUrl],
      );
      if ((updated.rowCount ?? 0) > 0) return true;
      const inserted = await query(INSERT_IF_ROOM, [taskId, id, entry.version, json, maxPerTask, agentUrl]);
      return (inserted.rowCount ?? 0) > 0;
    },
    async get(taskId, configId) {
      const result = await query(
        'SELECT position, version, config, agent_url FROM baton_push_configs WHERE task_id = $1 AND config_id = $2',
        [taskId, configId],
      );
      const row = result.rows[0];
      return row && toStored(row);
    },
    async page(taskId, after, limit): Promise<PushConfigRecord[]> {
      const result = await query(
        'SELECT position, version, config, agent_url FROM baton_push_configs WHERE task_id = $1 AND position > $2 ORDER BY position LIMIT $3',
        [taskId, after, limit],
      );
      return result.rows.map((row) => ({ ...toStored(row), position: Number(row.position) }));
    },
    async all(taskId) {
      const result = await query(
        'SELECT position, version, config, agent_url FROM baton_push_configs WHERE task_id = $1 ORDER BY position',
        [taskId],
      );
      return result.rows.map(toStored);
    },
    async delete(taskId, configId) {
      await query('DELETE FROM baton_push_configs WHERE task_id = $1 AND config_id = $2', [taskId, configId]);
    },
    async deleteForTask(taskId) {
      await query('DELETE FROM baton_push_configs WHERE task_id = $1', [taskId]);
    },
  };
}
