import { createBusChannels, type Logger, redactUrlPassword, type TaskEventBus } from '@baton/server/store';
import { applyPostgresMigrations, quoteIdentifier } from '@baton/store-postgres';
import pg from 'pg';
import { BUS_MIGRATIONS, INLINE_LIMIT_BYTES, readEnvelope } from './bus-payloads.ts';
import { notifyChannelName } from './notify-channel-name.ts';

/** Options of {@link createPostgresEventBus}. */
export interface PostgresEventBusOptions {
  /** A `postgres://` URL: the same database as the stores, or any other. */
  readonly url: string;
  /** The schema of the payload table (created when missing); default the connection's `search_path`. */
  readonly schema?: string;
  /** Where lost connections are reported. Default: the console. */
  readonly logger?: Logger;
}

const RECONNECT_DELAY_MS = 500;
const PAYLOAD_TTL = "interval '5 minutes'";

/**
 * Creates a {@link TaskEventBus} on PostgreSQL LISTEN/NOTIFY: one connection listens (and listens again by
 * itself after a reconnect), one publishes in order; payloads over the NOTIFY limit travel through a table
 * that is pruned after five minutes. Rejects with a one-line reason when the database cannot be reached.
 *
 * @example
 * const bus = await createPostgresEventBus({ url: 'postgres://baton@db/agents' });
 */
export async function createPostgresEventBus(options: PostgresEventBusOptions): Promise<TaskEventBus> {
  const logger = options.logger ?? console;
  const connection = {
    connectionString: options.url,
    connectionTimeoutMillis: 5_000,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${quoteIdentifier(options.schema)}` }),
  };
  const pool = new pg.Pool({ ...connection, max: 2 });
  pool.on('error', () => undefined);
  let closed = false;
  let listener: pg.Client | undefined;
  let publisher: pg.Client | undefined;
  let publishing: Promise<unknown> = Promise.resolve();
  const channels = createBusChannels({
    open: async (name) => {
      await listener?.query(`LISTEN ${quoteIdentifier(name)}`);
    },
    close: async (name) => {
      await listener?.query(`UNLISTEN ${quoteIdentifier(name)}`);
    },
  });
  let receiving: Promise<unknown> = Promise.resolve();

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client(connection);
    await client.connect();
    client.on('notification', (notification) => {
      if (!channels.has(notification.channel) || notification.payload === undefined) return;
      const envelope = readEnvelope(notification.payload);
      // Kept in arrival order even when a payload must be read from its table first.
      receiving = receiving
        .then(async () => {
          const payload =
            'inline' in envelope
              ? envelope.inline
              : (
                  await pool.query<{ payload: string }>(
                    'SELECT payload FROM baton_bus_payloads WHERE id = $1',
                    [envelope.row],
                  )
                ).rows[0]?.payload;
          if (payload === undefined) return;
          channels.deliver(notification.channel, payload);
        })
        .catch((error: unknown) => logger.warn('A bus message could not be read', { error }));
    });
    const lost = (error?: Error) => {
      if (closed || listener !== client) return;
      listener = undefined;
      logger.warn('The PostgreSQL event bus lost its listening connection; reconnecting', {
        error: error?.message ?? 'connection ended',
      });
      client.end().catch(() => undefined);
      void reconnectListener();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    for (const name of channels.names()) await client.query(`LISTEN ${quoteIdentifier(name)}`);
    return client;
  }

  async function reconnectListener(): Promise<void> {
    while (!closed && listener === undefined) {
      try {
        listener = await connectListener();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
      }
    }
  }

  async function publisherClient(): Promise<pg.Client> {
    if (publisher) return publisher;
    const client = new pg.Client(connection);
    client.on('error', () => {
      if (publisher === client) publisher = undefined;
    });
    await client.connect();
    publisher = client;
    return client;
  }

  try {
    await applyPostgresMigrations(pool, {
      component: 'baton-bus',
      migrations: BUS_MIGRATIONS,
      schema: options.schema,
    });
    listener = await connectListener();
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot start the PostgreSQL event bus at ${redactUrlPassword(options.url)}: ${reason}`, {
      cause: error,
    });
  }

  const prune = setInterval(() => {
    pool
      .query(`DELETE FROM baton_bus_payloads WHERE created_at < now() - ${PAYLOAD_TTL}`)
      .catch(() => undefined);
  }, 60_000);
  prune.unref();

  return {
    publish(channel, payload) {
      const name = notifyChannelName(channel);
      const send = async () => {
        const client = await publisherClient();
        try {
          if (Buffer.byteLength(payload) + 1 <= INLINE_LIMIT_BYTES) {
            await client.query('SELECT pg_notify($1, $2)', [name, `i${payload}`]);
          } else {
            await client.query(
              `WITH stored AS (INSERT INTO baton_bus_payloads (payload) VALUES ($2) RETURNING id)
               SELECT pg_notify($1, 'r' || id) FROM stored`,
              [name, payload],
            );
          }
        } catch (error) {
          if (publisher === client) publisher = undefined;
          client.end().catch(() => undefined);
          throw error;
        }
      };
      const sent = publishing.then(send, send);
      publishing = sent.catch(() => undefined);
      return sent;
    },
    subscribe: (channel, onMessage) => channels.subscribe(notifyChannelName(channel), onMessage),
    async close() {
      closed = true;
      clearInterval(prune);
      channels.clear();
      await Promise.allSettled([listener?.end(), publisher?.end(), pool.end()]);
    },
  };
}
