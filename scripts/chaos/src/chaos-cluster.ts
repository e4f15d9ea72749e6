import { type AppProcess, startAppProcess } from '@baton/chain/testing';
import {
  type RoundRobinProxy,
  startRoundRobinProxy,
  startTcpProxy,
  type TcpProxy,
} from '@baton/cluster-testing';
import pg from 'pg';

/** An app of the chain running as two (or more) real processes behind a round-robin proxy. */
export interface Pool {
  readonly proxy: RoundRobinProxy;
  readonly instances: AppProcess[];
  /** Kills instance `index` with SIGKILL and takes it out of the proxy's rotation, as a health check would. */
  kill(index: number): Promise<void>;
}

/** The whole deployment of the chaos suite, and how to take it down. */
export interface ChaosCluster {
  readonly orchestrators: Pool;
  readonly agents: { readonly outline: Pool; readonly document: Pool; readonly summary: Pool };
  /** The TCP proxy every process reaches PostgreSQL through: cut it to play a database outage. */
  readonly database: TcpProxy;
  /**
   * Kills with SIGKILL the orchestrator driving the most runs at that moment (waiting up to 5 s for one to drive
   * two), so its runs must be taken over; resolves with which one it killed and how many rounds it held.
   */
  killDrivingOrchestrator(): Promise<KilledOrchestrator>;
  /** How many runs each topic made, by the orchestrators' own records (straight from the database). */
  runsPerTopic(): Promise<Map<string, number>>;
  /** Everything the processes printed, for a failure report. */
  output(): string;
  close(): Promise<void>;
}

/** The orchestrator the suite killed: its index in the pool, and the runs whose rounds it was driving. */
export interface KilledOrchestrator {
  readonly index: number;
  readonly runIds: readonly string[];
}

/** What {@link startChaosCluster} needs. */
export interface ChaosClusterOptions {
  /** A PostgreSQL server the suite may create a database on (trust auth). */
  readonly postgresUrl: string;
  readonly redisUrl: string;
  /** Instances of each app; default 2. */
  readonly instances?: number;
  /** How long the document agent waits per chunk (so runs are in flight when things break); default 60 ms. */
  readonly chunkDelayMs?: number;
}

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function startPool(app: string, env: Record<string, string>, count: number): Promise<Pool> {
  // One at a time: each migrates its schema before the next one starts.
  const instances: AppProcess[] = [];
  for (let index = 0; index < count; index += 1) instances.push(await startAppProcess(app, env, 60_000));
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  return {
    proxy,
    instances,
    async kill(index) {
      const instance = instances[index];
      if (!instance) return;
      await instance.stop('SIGKILL');
      proxy.setDown(instance.url, true);
    },
  };
}

/**
 * Starts the chaos suite's deployment on a fresh database: two orchestrators and two instances of each agent,
 * every process on PostgreSQL (through a TCP proxy the suite can cut) and the Redis bus, each app behind a
 * round-robin proxy; the orchestrators share their runs through the run engine.
 */
export async function startChaosCluster(options: ChaosClusterOptions): Promise<ChaosCluster> {
  const count = options.instances ?? 2;
  const name = `baton_chaos_${process.pid}_${Date.now()}`;
  await admin(options.postgresUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const server = new URL(options.postgresUrl);
  const database = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const store = new URL(options.postgresUrl);
  store.host = `127.0.0.1:${database.port}`;
  store.pathname = `/${name}`;
  const common = {
    BATON_STORE: store.toString(),
    BATON_EVENT_BUS: options.redisUrl,
    BATON_LEASE_TTL_MS: '2000',
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? 'error',
  };
  const pools: Pool[] = [];
  const close = async () => {
    await Promise.all(pools.flatMap((pool) => pool.instances.map((instance) => instance.stop('SIGKILL'))));
    await Promise.all(pools.map((pool) => pool.proxy.close()));
    await database.close();
    await admin(options.postgresUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  };
  try {
    const outline = await startPool('outline-agent', common, count);
    pools.push(outline);
    const document = await startPool(
      'doc-agent',
      { ...common, BATON_OFFLINE_CHUNK_DELAY_MS: String(options.chunkDelayMs ?? 60) },
      count,
    );
    pools.push(document);
    const summary = await startPool('summary-agent', common, count);
    pools.push(summary);
    const orchestrators = await startPool(
      'orchestrator',
      {
        ...common,
        BATON_RUN_LEASE_MS: '3000',
        AGENT_URLS: [outline, document, summary].map((pool) => pool.proxy.url).join(','),
      },
      count,
    );
    pools.push(orchestrators);
    const direct = new URL(options.postgresUrl);
    direct.pathname = `/${name}`;
    // Each orchestrator names its run-engine instance in its start-up line; the engine's jobs say who drives them.
    const engineIdOf = (instance: AppProcess) => /\((orchestrator-[^)\s]+)\)/.exec(instance.output())?.[1];
    const driven = () =>
      admin(direct.toString(), async (client) => {
        const result = await client.query<{ processed_by: string; runs: string[] }>(
          `SELECT processed_by, array_agg(data->>'runId') AS runs FROM baton_run_engine.job
           WHERE state = 'active' GROUP BY processed_by`,
        );
        return new Map(result.rows.map((row) => [row.processed_by, row.runs]));
      });
    async function killDrivingOrchestrator(): Promise<KilledOrchestrator> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const rounds = await driven().catch(() => new Map<string, string[]>());
        const held = orchestrators.instances.map((instance) => rounds.get(engineIdOf(instance) ?? '') ?? []);
        const most = Math.max(...held.map((runs) => runs.length));
        const chosen = held.findIndex((runs) => runs.length === most);
        // Two rounds or more: one of them ending just as the kill lands still leaves one to take over.
        if (most >= 2 || Date.now() > deadline) {
          await orchestrators.kill(chosen);
          return { index: chosen, runIds: held[chosen] ?? [] };
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const runsPerTopic = () =>
      admin(direct.toString(), async (client) => {
        const result = await client.query<{ topic: string; runs: string }>(
          `SELECT view->>'topic' AS topic, count(*) AS runs FROM baton_orchestrator.orchestrator_runs GROUP BY 1`,
        );
        return new Map(result.rows.map((row) => [row.topic, Number(row.runs)]));
      });
    return {
      killDrivingOrchestrator,
      runsPerTopic,
      orchestrators,
      agents: { outline, document, summary },
      database,
      output: () =>
        pools
          .flatMap((pool) => pool.instances)
          .map((instance) => instance.output())
          .join('\n'),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
