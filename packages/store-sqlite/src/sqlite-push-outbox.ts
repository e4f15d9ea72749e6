import type { ProtocolVersion, StreamResponse } from '@baton/protocol';
import type { OutboxDelivery, PushOutbox, StoredPushConfig } from '@baton/server/store';
import type { SqliteDatabase } from './open-sqlite-database.ts';
import type { SqliteWriteBatch } from './sqlite-write-batch.ts';

/** Who holds the outbox rows a process's writes add, and how long a hold lasts without a renewal. */
export interface OutboxHold {
  readonly holder: string;
  readonly holdMs: number;
}

/**
 * The INSERT … SELECT that adds one outbox row per push config of task `@id` (read after its write, so with its
 * new version): `event` is the SQL of the event's JSON (the task's columns as `task.*`), held by `@holder`
 * until `@heldUntil` (epoch ms).
 */
export function outboxRows(event: string): string {
  return `INSERT INTO baton_push_outbox (task_id, task_version, config_id, event, holder, held_until)
    SELECT task.id, task.version, config.config_id, ${event}, @holder, @heldUntil
    FROM baton_tasks task JOIN baton_push_configs config ON config.task_id = task.id
    WHERE task.id = @id`;
}

interface TakenRow {
  readonly seq: number;
  readonly task_id: string;
  readonly task_version: number;
  readonly config_id: string;
  readonly event: string;
  readonly protocol: string | null;
  readonly config: string | null;
  readonly agent_url: string | null;
}

/** The {@link PushOutbox} of a SQLite store: the rows its task writes add, for whichever process opens it next. */
export function createSqlitePushOutbox(
  database: SqliteDatabase,
  writes: SqliteWriteBatch,
  hold: OutboxHold,
): PushOutbox {
  const renewOne = database.prepare(
    'UPDATE baton_push_outbox SET held_until = ? WHERE holder = ? AND task_id = ?',
  );
  const lapsed = database.prepare(`
    SELECT outbox.seq, outbox.task_id, outbox.task_version, outbox.config_id, outbox.event,
           config.version AS protocol, config.config, config.agent_url
    FROM baton_push_outbox outbox LEFT JOIN baton_push_configs config
      ON config.task_id = outbox.task_id AND config.config_id = outbox.config_id
    WHERE outbox.held_until < ? ORDER BY outbox.held_until, outbox.seq LIMIT ?`);
  const take = database.prepare('UPDATE baton_push_outbox SET holder = ?, held_until = ? WHERE seq = ?');
  const drop = database.prepare('DELETE FROM baton_push_outbox WHERE seq = ?');
  const settleEvent = database.prepare(
    'DELETE FROM baton_push_outbox WHERE task_id = ? AND task_version = ?',
  );
  const settleOne = database.prepare(
    'DELETE FROM baton_push_outbox WHERE task_id = ? AND task_version = ? AND config_id = ?',
  );

  return {
    holdMs: hold.holdMs,
    async renew(taskIds) {
      if (taskIds.length === 0) return;
      const heldUntil = Date.now() + hold.holdMs;
      await writes.run(() => {
        for (const taskId of taskIds) renewOne.run(heldUntil, hold.holder, taskId);
      });
    },
    takeOver(limit) {
      return writes.run(() => {
        const now = Date.now();
        const rows = lapsed.all(now, limit) as TakenRow[];
        const taken: OutboxDelivery[] = [];
        for (const row of rows) {
          if (row.config === null) {
            drop.run(row.seq);
            continue;
          }
          take.run(hold.holder, now + hold.holdMs, row.seq);
          taken.push({
            taskId: row.task_id,
            taskVersion: row.task_version,
            event: JSON.parse(row.event) as StreamResponse,
            target: {
              config: JSON.parse(row.config) as StoredPushConfig['config'],
              version: row.protocol as ProtocolVersion,
              ...(row.agent_url === null ? {} : { agentUrl: row.agent_url }),
            },
          });
        }
        return taken;
      });
    },
    async settle(taskId, taskVersion, configId) {
      await writes.run(() =>
        configId === undefined
          ? settleEvent.run(taskId, taskVersion)
          : settleOne.run(taskId, taskVersion, configId),
      );
    },
  };
}
