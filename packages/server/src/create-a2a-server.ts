import { A2AError, type ProtocolVersion } from '@baton/protocol';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errorVersionFor, readRequestedVersion } from './binding/request-version.ts';
import type { AgentCardInput, ServedSurface } from './card/agent-card-input.ts';
import { createAgentCardRoutes } from './card/agent-card-routes.ts';
import { assertCardMatchesServer, deriveAgentCard } from './card/derive-agent-card.ts';
import type { AgentExecutor } from './executor/agent-executor.ts';
import type { CallUser } from './handler/call-context.ts';
import { createRequestHandler, type TaskRequestHandler } from './handler/create-request-handler.ts';
import type { PushConfigStore } from './handler/push-config-store.ts';
import { createJsonRpcApp } from './jsonrpc/create-json-rpc-app.ts';
import { jsonRpcErrorResponse } from './jsonrpc/json-rpc-responses.ts';
import { createRestApp } from './rest/create-rest-app.ts';
import { responseMediaType } from './rest/response-media-type.ts';
import { restErrorResponse } from './rest/rest-error-response.ts';
import type { TaskStore } from './store/task-store.ts';
import { consoleLogger, type Logger } from './task/logger.ts';

/** Options of {@link createA2AServer}. Only `card` and `executor` are required. */
export interface A2AServerOptions {
  /** The descriptive part of the agent card; interfaces and capabilities are derived from what is served. */
  readonly card: AgentCardInput;
  /** The agent's logic. */
  readonly executor: AgentExecutor;
  /** Where tasks live; default an in-memory store that keeps at most 1,000 finished tasks. */
  readonly store?: TaskStore;
  /** The public base URL the card advertises (e.g. `https://agent.example/outline`); default: each request's own. */
  readonly url?: string;
  /** Path of the JSON-RPC endpoint under the base URL; default `/a2a/jsonrpc`; `false` to not serve it. */
  readonly jsonRpcPath?: string | false;
  /** Base path of the HTTP+JSON routes; default `/a2a/rest`; `false` to not serve them. */
  readonly restPath?: string | false;
  /** Protocol versions served, in preference order; default `['1.0', '0.3']`. */
  readonly versions?: readonly ProtocolVersion[];
  /** Whether streaming (SSE) is offered; default `true`. */
  readonly streaming?: boolean;
  /** Card fields that only authenticated callers see (e.g. more skills); enables GetExtendedAgentCard. */
  readonly extendedCard?: Partial<AgentCardInput>;
  /** Where push-notification configs live; without it push is not offered (see the push issue). */
  readonly pushConfigs?: PushConfigStore;
  /** Who is calling; the authentication hook. Anonymous when absent. */
  readonly getUser?: (c: Context) => CallUser | undefined | Promise<CallUser | undefined>;
  /** Tenant every advertised interface carries, for deployments that route by tenant. */
  readonly tenant?: string;
  /** Milliseconds between SSE keep-alive comments; default 15,000. */
  readonly heartbeatMs?: number;
  /** `Cache-Control: max-age` of the agent card, in seconds; default 300. */
  readonly cardMaxAgeSeconds?: number;
  /** Largest request body accepted, in bytes; default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Where failures the caller must not see are reported; default the console. */
  readonly logger?: Logger;
}

/** An A2A server: a Hono app, plus its request handler and a graceful shutdown. */
export type A2AServer = Hono & {
  /** The binding-neutral operations behind both bindings. */
  readonly handler: TaskRequestHandler;
  /** Stops taking new work, lets running tasks finish up to the deadline, then cancels them. */
  shutdown(options?: { readonly deadlineMs?: number }): Promise<void>;
};

function normalizePath(path: string | false | undefined, fallback: string): string | undefined {
  if (path === false) return undefined;
  const value = (path ?? fallback).replace(/\/+$/, '');
  return value.startsWith('/') ? value || '/' : `/${value}`;
}

/**
 * Builds an A2A server as a Hono app: the agent card at both well-known paths, JSON-RPC and HTTP+JSON for A2A
 * 1.0 and 0.3, SSE streaming and the task lifecycle. Mount it anywhere (`parent.route('/agents/x', server)`)
 * or serve it with `startA2AServer` from `@baton/server/node`. Throws at once if the card states something the
 * server does not serve.
 *
 * @example
 * const server = createA2AServer({
 *   card: { name: 'Echo', description: 'Echoes', version: '1.0.0', skills: [] },
 *   executor: async (ctx) => `You said: ${ctx.text}`,
 * });
 */
export function createA2AServer(options: A2AServerOptions): A2AServer {
  const logger = options.logger ?? consoleLogger;
  const served: ServedSurface = {
    jsonRpcPath: normalizePath(options.jsonRpcPath, '/a2a/jsonrpc'),
    restPath: normalizePath(options.restPath, '/a2a/rest'),
    versions: options.versions ?? ['1.0', '0.3'],
    streaming: options.streaming ?? true,
    pushNotifications: options.pushConfigs !== undefined,
    extendedAgentCard: options.extendedCard !== undefined,
    ...(options.tenant ? { tenant: options.tenant } : {}),
  };
  assertCardMatchesServer(options.card, served);
  const cardFor = (baseUrl: string) => deriveAgentCard(options.card, served, baseUrl);
  // Fail at startup, not on the first request, if the card itself is invalid.
  cardFor(options.url ?? 'http://localhost');
  const extended = options.extendedCard;
  if (extended) deriveAgentCard({ ...options.card, ...extended }, served, options.url ?? 'http://localhost');

  const handler = createRequestHandler({
    executor: options.executor,
    streaming: served.streaming,
    logger,
    ...(options.store ? { store: options.store } : {}),
    ...(options.pushConfigs ? { pushConfigs: options.pushConfigs } : {}),
    ...(extended
      ? {
          extendedCard: () =>
            deriveAgentCard({ ...options.card, ...extended }, served, options.url ?? 'http://localhost'),
        }
      : {}),
  });
  const bindingOptions = {
    handler,
    supportedVersions: served.versions,
    logger,
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.getUser ? { getUser: options.getUser } : {}),
  };

  const app = new Hono();
  app.route(
    '/',
    createAgentCardRoutes({
      cardFor,
      servesV03: served.versions.includes('0.3'),
      maxAgeSeconds: options.cardMaxAgeSeconds ?? 300,
      lastModified: new Date(),
      ...(options.url ? { baseUrl: options.url } : {}),
    }),
  );
  // A body over the limit is refused with 413, in the error format of the binding and version it was sent to.
  const maxSize = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const tooLarge = () => A2AError.invalidRequest(`Request body is too large; the limit is ${maxSize} bytes`);
  const versionOf = (c: Context) => errorVersionFor(readRequestedVersion(c.req.raw));
  if (served.jsonRpcPath !== undefined) {
    const onError = (c: Context) => jsonRpcErrorResponse(null, tooLarge(), versionOf(c), { status: 413 });
    app.use(served.jsonRpcPath, bodyLimit({ maxSize, onError }));
    app.route(served.jsonRpcPath, createJsonRpcApp(bindingOptions));
  }
  if (served.restPath !== undefined) {
    const onError = (c: Context) => {
      const version = versionOf(c);
      return restErrorResponse(tooLarge(), {
        version,
        mediaType: responseMediaType(c.req.raw, version),
        override: { httpStatus: 413, status: 'INVALID_ARGUMENT' },
      });
    };
    app.use(`${served.restPath === '/' ? '' : served.restPath}/*`, bodyLimit({ maxSize, onError }));
    app.route(served.restPath, createRestApp(bindingOptions));
  }
  app.notFound((c) =>
    c.json(
      { error: { code: 404, status: 'NOT_FOUND', message: `No A2A route at ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );
  app.onError((error, c) => {
    logger.error('Unhandled error in the A2A server', { error, method: c.req.method, path: c.req.path });
    return c.json({ error: { code: 500, status: 'INTERNAL', message: 'Internal error' } }, 500);
  });

  return Object.assign(app, {
    handler,
    shutdown: (shutdownOptions?: { readonly deadlineMs?: number }) => handler.close(shutdownOptions),
  });
}
