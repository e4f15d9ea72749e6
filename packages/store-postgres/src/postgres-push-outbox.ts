import type { ProtocolVersion, StreamResponse } from '@baton/protocol';
import type { OutboxDelivery, PushOutbox, StoredPushConfig } from '@baton/server/store';
import type { Pool } from 'pg';
import { preparedQuery } from './prepared-query.ts';

/** Who holds the outbox rows a process's writes add, and how long a hold lasts without a renewal. */
export interface OutboxHold {
  readonly holder: string;
  readonly holdMs: number;
}

/**
 * The INSERT … SELECT that adds one outbox row per push config of the task just written (`bumped`, with its id,
 * context id and new version): `event` is the SQL of the event's JSON, `taskIds` the placeholder of the written
 * tasks' ids (it bounds the read of the configs to them whatever the plan: see `plans-on-new-tables.test.ts`),
 * `holder`/`holdMs` the placeholders of the hold, `when` an optional condition (the event is notifiable).
 */
export function outboxRows(
  event: string,
  taskIds: string,
  holder: string,
  holdMs: string,
  when = 'true',
): string {
  return `INSERT INTO baton_push_outbox (task_id, task_version, config_id, event, holder, held_until)
    SELECT bumped.id, bumped.version, config.config_id, ${event}, ${holder}::text,
           now() + ${holdMs}::bigint * interval '1 millisecond'
    FROM bumped JOIN baton_push_configs config ON config.task_id = bumped.id
    WHERE config.task_id = ANY(${taskIds}::text[]) AND ${when}`;
}

interface TakenRow {
  readonly seq: string;
  readonly task_id: string;
  readonly task_version: string;
  readonly config_id: string;
  readonly event: StreamResponse;
  readonly protocol: string | null;
  readonly config: StoredPushConfig['config'] | null;
  readonly agent_url: string | null;
}

const RENEW = `
  UPDATE baton_push_outbox SET held_until = now() + $3::bigint * interval '1 millisecond'
  WHERE holder = $1 AND task_id = ANY($2::text[])`;

/** Rows whose hold lapsed, oldest first, taken by this holder; skipped while another instance is taking them. */
const TAKE_OVER = `
  WITH taken AS (
    UPDATE baton_push_outbox SET holder = $1, held_until = now() + $2::bigint * interval '1 millisecond'
    WHERE seq IN (
      SELECT seq FROM baton_push_outbox WHERE held_until < now() ORDER BY held_until, seq LIMIT $3
      FOR UPDATE SKIP LOCKED)
    RETURNING seq, task_id, task_version, config_id, event
  )
  SELECT taken.*, config.version AS protocol, config.config, config.agent_url
  FROM taken LEFT JOIN baton_push_configs config
    ON config.task_id = taken.task_id AND config.config_id = taken.config_id
  ORDER BY taken.seq`;

const SETTLE = `
  DELETE FROM baton_push_outbox
  WHERE task_id = $1 AND task_version = $2 AND ($3::text IS NULL OR config_id = $3)`;

/** The {@link PushOutbox} of a PostgreSQL store: the rows its task writes add, for every instance to finish. */
export function createPostgresPushOutbox(pool: Pool, hold: OutboxHold): PushOutbox {
  return {
    holdMs: hold.holdMs,
    async renew(taskIds) {
      if (taskIds.length === 0) return;
      await preparedQuery(pool, 'renew_push_outbox', RENEW, [hold.holder, taskIds, hold.holdMs]);
    },
    async takeOver(limit) {
      const result = await preparedQuery<TakenRow>(pool, 'take_over_push_outbox', TAKE_OVER, [
        hold.holder,
        hold.holdMs,
        limit,
      ]);
      const orphans = result.rows.filter((row) => row.config === null).map((row) => row.seq);
      if (orphans.length > 0) {
        await preparedQuery(
          pool,
          'drop_push_outbox',
          'DELETE FROM baton_push_outbox WHERE seq = ANY($1::bigint[])',
          [orphans],
        );
      }
      return result.rows.flatMap((row): OutboxDelivery[] =>
        row.config === null
          ? []
          : [
              {
                taskId: row.task_id,
                taskVersion: Number(row.task_version),
                event: row.event,
                target: {
                  config: row.config,
                  version: row.protocol as ProtocolVersion,
                  ...(row.agent_url === null ? {} : { agentUrl: row.agent_url }),
                },
              },
            ],
      );
    },
    async settle(taskId, taskVersion, configId) {
      await preparedQuery(pool, 'settle_push_outbox', SETTLE, [taskId, taskVersion, configId ?? null]);
    },
  };
}
