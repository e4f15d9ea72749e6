import { formatIssuePath } from '@baton/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { type ChainEntry, ChainRefusedError, type ChainRegistry } from '../chains/chain-registry.ts';
import { jsonError } from './json-errors.ts';

/** A chain as `GET /chains` lists it: enough to choose and draw it; `GET /chains/:name` has the definition. */
function summaryOf(entry: ChainEntry) {
  const { chain } = entry;
  return {
    name: chain.name,
    description: chain.description,
    version: entry.version,
    versions: entry.versions.length,
    retired: entry.retired,
    result: chain.result,
    steps: chain.steps.map((step) => ({
      id: step.id,
      ...(step.kind === 'task'
        ? {
            ...(step.skill === undefined ? {} : { skill: step.skill }),
            ...(step.agent === undefined ? {} : { agent: step.agent }),
          }
        : { kind: step.kind }),
      dependsOn: step.dependsOn,
    })),
  };
}

/** 400 INVALID_CHAIN with every problem at its path. */
export function invalidChain(c: Context, error: ChainRefusedError): Response {
  return c.json(
    { error: { code: 'INVALID_CHAIN', message: error.message, problems: problemsOf(error) } },
    400,
  );
}

/** A refusal's problems as the API names them: `{ path, message }`, the path as `steps[2].send[0]`. */
const problemsOf = (error: ChainRefusedError) =>
  error.problems.map((problem) => ({
    path: formatIssuePath(problem.path) || '(definition)',
    message: problem.message,
  }));

/** The request's body as JSON, or the 400 that says it is not. */
async function definitionOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return jsonError(c, 400, 'INVALID_JSON', 'The request body must be a chain definition as JSON');
  }
}

/** 503 while the store that keeps the chains cannot be reached. */
function unavailable(c: Context) {
  c.header('Retry-After', '2');
  return jsonError(
    c,
    503,
    'STORE_UNAVAILABLE',
    'The chain records cannot be reached right now; try again shortly',
  );
}

/**
 * The chains API: `GET /chains` (every chain's newest version), `GET /chains/:name` (its definition, `?version=` an
 * older one, and its versions), `POST /chains` (validate and keep: a new chain, or the name's next version; 400
 * `INVALID_CHAIN` names each problem with its path), `DELETE /chains/:name` (retire: no new runs).
 */
export function createChainsRoutes(registry: ChainRegistry): Hono {
  const app = new Hono();

  app.get('/chains', async (c) => {
    try {
      return c.json({ chains: (await registry.list()).map(summaryOf) });
    } catch {
      return unavailable(c);
    }
  });

  app.get('/chains/:name', async (c) => {
    const name = c.req.param('name');
    const raw = c.req.query('version');
    const version = raw === undefined ? undefined : Number(raw);
    if (version !== undefined && (!Number.isInteger(version) || version < 1))
      return jsonError(
        c,
        400,
        'INVALID_VERSION',
        `version must be a whole number from 1, not ${JSON.stringify(raw)}`,
      );
    try {
      const entry = await registry.entry(name);
      if (entry === undefined)
        return jsonError(c, 404, 'UNKNOWN_CHAIN', `No chain named "${name}" (GET /chains)`);
      const found = version === undefined ? entry : await registry.get(name, version);
      if (found === undefined)
        return jsonError(
          c,
          404,
          'UNKNOWN_VERSION',
          `Chain "${name}" has versions 1 to ${entry.version}, not ${version}`,
        );
      return c.json({
        name,
        version: found.version,
        retired: entry.retired,
        definition: found.chain,
        versions: entry.versions,
      });
    } catch {
      return unavailable(c);
    }
  });

  app.post('/chains', async (c) => {
    const body = await definitionOf(c);
    if (body instanceof Response) return body;
    try {
      const { chain, version, created } = await registry.register(body);
      return c.json(
        { name: chain.name, version, created, links: { self: `/chains/${chain.name}`, runs: '/runs' } },
        created ? 201 : 200,
      );
    } catch (error) {
      if (!(error instanceof ChainRefusedError)) return unavailable(c);
      return invalidChain(c, error);
    }
  });

  // Checks a definition as `POST /chains` does and keeps nothing (what the console's editor asks as you type):
  // 200 `{ valid: true, definition }`, or 200 `{ valid: false, message, problems }` (the check itself succeeded).
  app.post('/chains/check', async (c) => {
    const body = await definitionOf(c);
    if (body instanceof Response) return body;
    try {
      return c.json({ valid: true, definition: await registry.validate(body) });
    } catch (error) {
      if (!(error instanceof ChainRefusedError)) return unavailable(c);
      return c.json({ valid: false, message: error.message, problems: problemsOf(error) });
    }
  });

  app.delete('/chains/:name', async (c) => {
    const name = c.req.param('name');
    try {
      if (!(await registry.retire(name)))
        return jsonError(c, 404, 'UNKNOWN_CHAIN', `No chain named "${name}" (GET /chains)`);
      return c.json({ name, retired: true });
    } catch {
      return unavailable(c);
    }
  });

  return app;
}
