import { connect } from 'node:net';

/** A service a test suite needs (PostgreSQL, Redis), and whether it answered. */
export interface RealService {
  readonly name: string;
  readonly url: string;
  readonly available: boolean;
}

/** Default addresses of the services on the development and CI machines; the env variables override them. */
const DEFAULT_URLS = {
  PostgreSQL: ['BATON_TEST_POSTGRES_URL', 'postgres://postgres@127.0.0.1:5432/test'],
  Redis: ['BATON_TEST_REDIS_URL', 'redis://127.0.0.1:6379'],
} as const;

/**
 * Checks that a service the suite needs accepts TCP connections. Under `CI=true` an unreachable service is an
 * error (a suite must not pass by skipping); elsewhere it prints one line saying what is needed, and the suite
 * skips with `describe.skipIf(!service.available)`.
 *
 * @example
 * const postgres = await realService('PostgreSQL');
 * describe.skipIf(!postgres.available)('on PostgreSQL', () => { ... });
 */
export async function realService(name: keyof typeof DEFAULT_URLS): Promise<RealService> {
  const [variable, fallback] = DEFAULT_URLS[name];
  const url = process.env[variable] || fallback;
  const { hostname, port } = new URL(url);
  const available = await canConnect(hostname || '127.0.0.1', Number(port) || defaultPort(name));
  if (!available) {
    const line = `${name} is not reachable at ${url}: these tests need it (set ${variable} to point elsewhere)`;
    if (process.env.CI === 'true') throw new Error(line);
    console.warn(`skipped: ${line}`);
  }
  return { name, url, available };
}

function defaultPort(name: keyof typeof DEFAULT_URLS): number {
  return name === 'PostgreSQL' ? 5432 : 6379;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => finish(true));
    socket.once('timeout', () => finish(false));
    socket.once('error', () => finish(false));
  });
}
