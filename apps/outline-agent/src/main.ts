/**
 * Runs the outline agent: `PORT` (default 4101, 0 for any free port), `HOST` (default 127.0.0.1),
 * `PUBLIC_URL` (the base URL the card advertises; default each request's own), and the generator variables
 * `createGeneratorsFromEnv` reads. Prints `listening on <url>` once it accepts requests; stops gracefully on
 * SIGINT and SIGTERM (a second signal exits at once).
 */
import { createGeneratorsFromEnv } from '@baton/chain';
import { startA2AServer } from '@baton/server/node';
import { createOutlineAgent } from './outline-agent.ts';

const NAME = 'outline-agent';
const DEFAULT_PORT = 4101;

function readPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}

try {
  const port = readPort(process.env.PORT);
  const hostname = process.env.HOST?.trim() || '127.0.0.1';
  const url = process.env.PUBLIC_URL?.trim() || undefined;
  const generators = createGeneratorsFromEnv(process.env);
  const server = createOutlineAgent({ generator: generators.outline, ...(url === undefined ? {} : { url }) });
  const running = await startA2AServer(server, { port, hostname });
  console.log(`${NAME}: ${generators.describe}`);
  if (url !== undefined) console.log(`${NAME}: the card advertises ${url}`);
  console.log(`listening on ${running.url}`);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${NAME}: ${signal}, shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${NAME}: shutdown failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`${NAME}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
