import { A2AError, type ProtocolVersion } from '@baton/protocol';
import { type Context, Hono } from 'hono';
import {
  type Authenticator,
  createAuthMiddleware,
  getAuthUser,
  type SignCardOptions,
  signCard,
} from './auth/index.ts';
import { agentUrlOf } from './binding/agent-url-of.ts';
import { bindingCors } from './binding/binding-cors.ts';
import { type A2ABindingHost, createHeaderAuthenticator } from './binding/binding-host.ts';
import { declaredBodyLimit } from './binding/declared-body-limit.ts';
import { echoActivatedExtensions } from './binding/echo-extensions.ts';
import { errorVersionFor, readRequestedVersion } from './binding/request-version.ts';
import type { AgentCardInput, ServedSurface } from './card/agent-card-input.ts';
import { createAgentCardRoutes } from './card/agent-card-routes.ts';
import { assertCardMatchesServer, deriveAgentCard } from './card/derive-agent-card.ts';
import type { ClusterOptions } from './cluster/cluster-options.ts';
import type { AgentExecutor } from './executor/agent-executor.ts';
import type { CloseOptions } from './handler/close-within.ts';
import { createRequestHandler, type TaskRequestHandler } from './handler/create-request-handler.ts';
import { createJsonRpcApp } from './jsonrpc/create-json-rpc-app.ts';
import { jsonRpcErrorResponse } from './jsonrpc/json-rpc-responses.ts';
import { assertCurrentOptionShapes } from './option-shapes.ts';
import type { PushNotifications, PushSigner } from './push/index.ts';
import { createRestApp } from './rest/create-rest-app.ts';
import { responseMediaType } from './rest/response-media-type.ts';
import { restErrorResponse } from './rest/rest-error-response.ts';
import { createInMemoryTaskStore } from './store/in-memory-task-store.ts';
import type { TaskStore } from './store/task-store.ts';
import type { ServerTelemetry } from './telemetry/server-telemetry.ts';
import type { CallContext, CallUser } from './vocabulary/call-context.ts';
import { createEventHub } from './vocabulary/event-hub.ts';
import { consoleLogger, type Logger } from './vocabulary/logger.ts';

/** Options of {@link createA2AServer}. Only `card` and `executor` are required. */
export interface A2AServerOptions {
  /** The descriptive part of the agent card; interfaces and capabilities are derived from what is served. */
  readonly card: AgentCardInput;
  /** The agent's logic. */
  readonly executor: AgentExecutor;
  /**
   * Executors of their own for some of the card's skills, by skill id. A send that names a skill
   * (`configuration.skillId`, client-directed skill selection, `SKILL_SELECTION_EXTENSION`) runs that skill's
   * executor, or `executor` when it has none; either way `ctx.skillId` says which. A named skill the card does not
   * have is refused, and so is one whose `securityRequirements` the caller does not meet.
   */
  readonly skillExecutors?: Readonly<Record<string, AgentExecutor>>;
  /**
   * Where tasks live; default an in-memory store that keeps at most 1,000 finished tasks (their push configs
   * go with them).
   */
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
  /**
   * Push notifications (`capabilities.pushNotifications`): `pushNotifications(settings?)`. Webhooks on
   * loopback, private, link-local and metadata addresses are refused unless `allowlist`ed; on Node host names are
   * resolved and the address each delivery connects to is checked. Every delivery is signed (docs/server.md).
   */
  readonly push?: PushNotifications;
  /**
   * How calls, tasks, the store and push deliveries are traced and counted: `serverOpenTelemetry()` (an
   * OpenTelemetry SDK registered before the server is created). Without it the server carries no telemetry code.
   */
  readonly telemetry?: ServerTelemetry;
  /**
   * Lets browser pages on other origins call the bindings (CORS): `true` for any origin, or the origins
   * allowed. Preflights are answered before authentication; credentials travel in headers (no cookies).
   * Default: no CORS headers (the card and JWKS are always readable from any origin).
   */
  readonly cors?: true | readonly string[];
  /** Authentication (`createAuthenticator`): 401 / 403 before any JSON-RPC or HTTP+JSON call; the card stays public. */
  readonly auth?: Authenticator;
  /** Signs the served cards (JWS over the RFC 8785 form, spec §8.4) with this key; each variant is signed as served. */
  readonly cardSigning?: SignCardOptions;
  /** Who is calling, when not using `auth`. Anonymous when absent. */
  readonly getUser?: (c: Context) => CallUser | undefined | Promise<CallUser | undefined>;
  /** Executions held at once (running or waiting for input); more are refused (503 / -32603). Default 1,000. */
  readonly maxRunningTasks?: number;
  /** Open SSE streams; more are refused (503 / -32603). Default 1,000. */
  readonly maxOpenStreams?: number;
  /**
   * Longest a GetTask with `currentGeneration` (the A2A 1.1 draft's long-poll) waits for the task to change before
   * answering with it as it is. Default 30,000 ms.
   */
  readonly longPollTimeoutMs?: number;
  /**
   * How long a user message's `messageId` is recognized: the same caller sending it again (a retry after a
   * timeout, a client resumed after a crash) gets the task it went to instead of a second task. Default a day;
   * 0 turns it off. With a durable store it holds across restarts and instances.
   */
  readonly repeatedMessageWindowMs?: number;
  /**
   * Declares the gRPC binding on the card (1.0), served by `startGrpcServer` from `@baton/grpc` with this server's
   * handler, auth and stores: at `url` (`host:port`, what gRPC clients dial), else at the card request's host name
   * and the port the gRPC server listens on.
   */
  readonly grpc?: { readonly url?: string };
  /** Tenant every advertised interface carries, for deployments that route by tenant. */
  readonly tenant?: string;
  /** Milliseconds between SSE keep-alive comments; default 15,000. */
  readonly heartbeatMs?: number;
  /**
   * Which card a request without `A2A-Version` gets when 0.3 is also served: `'0.3'` (default: the 0.3-compatible
   * card, as the spec reads a missing header as 0.3) or `'1.0'` (for deployments whose card readers are 1.0 clients
   * that send no header, such as the official conformance kit). Requests that send the header always get their
   * version.
   */
  readonly unversionedCard?: '0.3' | '1.0';
  /** `Cache-Control: max-age` of the agent card, in seconds; default 300. */
  readonly cardMaxAgeSeconds?: number;
  /** Largest request body accepted, in bytes; default 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Where failures the caller must not see are reported; default the console. */
  readonly logger?: Logger;
  /**
   * Task leases and an event bus, from a store package: with `leases`, a task left running by a process that
   * died is ended (or started again) once its lease expires; with a `bus` too, several instances of this agent
   * share the store and any of them streams, cancels and continues any task. See docs/deploy.md.
   */
  readonly cluster?: ClusterOptions;
  /**
   * Keeps background work alive after a response, on runtimes that end a request's work with it: on Cloudflare
   * Workers pass `waitUntil` from `cloudflare:workers`. Push deliveries and tasks run under it (a task started by
   * a request also uses the request's own `executionCtx.waitUntil`, which Hono passes on Workers). Not needed
   * on Node, Bun or Deno. See docs/runtimes.md.
   */
  readonly waitUntil?: (work: Promise<unknown>) => void;
}

/** An A2A server: a Hono app, plus its request handler and a graceful shutdown. */
export type A2AServer = Hono & {
  /** The binding-neutral operations behind both bindings. */
  readonly handler: TaskRequestHandler;
  /** Signs push deliveries (and rotates the key); `undefined` without push notifications. */
  readonly pushSigner: PushSigner | undefined;
  /** What a binding served outside this app (gRPC) shares with the HTTP bindings. */
  readonly bindingHost: A2ABindingHost;
  /**
   * Stops taking new work, lets running tasks finish up to the deadline, then cancels them, flushes pending
   * push deliveries in the time left and ends open streams.
   */
  shutdown(options?: Omit<CloseOptions, 'beforeExit'>): Promise<void>;
};

// The host part of a base URL (brackets kept for IPv6), for the gRPC address next to it.
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname;
  } catch {
    return 'localhost';
  }
}

/** Whether the card lets a credential travel in a cookie (an API key `in: cookie`). */
function cookieCredentials(card: AgentCardInput): boolean {
  return Object.values(card.securitySchemes ?? {}).some(
    (scheme) =>
      'apiKeySecurityScheme' in scheme && scheme.apiKeySecurityScheme.location.toLowerCase() === 'cookie',
  );
}

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
  assertCurrentOptionShapes(options);
  const logger = options.logger ?? consoleLogger;
  // Built now: an OpenTelemetry SDK must be registered before the server is created; without one, nothing is added.
  const telemetry = options.telemetry?.instrument();
  // The gRPC address the card advertises: configured, or this host at the port the gRPC server reports.
  let grpcPort: number | undefined;
  let surfaceRevision = 0;
  const grpcUrlOption = options.grpc?.url;
  const grpcUrl =
    options.grpc === undefined
      ? undefined
      : (baseUrl: string) =>
          grpcUrlOption ?? (grpcPort === undefined ? undefined : `${hostOf(baseUrl)}:${grpcPort}`);
  const served: ServedSurface = {
    jsonRpcPath: normalizePath(options.jsonRpcPath, '/a2a/jsonrpc'),
    restPath: normalizePath(options.restPath, '/a2a/rest'),
    versions: options.versions ?? ['1.0', '0.3'],
    streaming: options.streaming ?? true,
    pushNotifications: options.push !== undefined,
    extendedAgentCard: options.extendedCard !== undefined,
    ...(options.tenant ? { tenant: options.tenant } : {}),
    ...(grpcUrl ? { grpcUrl } : {}),
  };
  assertCardMatchesServer(options.card, served);
  assertSkillExecutorsMatchCard(options.card, options.skillExecutors);
  const cardFor = (baseUrl: string) => deriveAgentCard(options.card, served, baseUrl);
  // Fail at startup, not on the first request, if the card itself is invalid.
  const startupCard = cardFor(options.url ?? 'http://localhost');
  const extended = options.extendedCard;
  if (extended) deriveAgentCard({ ...options.card, ...extended }, served, options.url ?? 'http://localhost');

  // The extended card's URLs come from the call as the public card's come from its request: the origin and
  // mount path it reached (or `url`). A gRPC call has no HTTP origin: it gets the last one an HTTP call had.
  let lastHttpBase: string | undefined;
  const extendedCardFor = (call: CallContext) => {
    if (call.agentUrl !== undefined) lastHttpBase = call.agentUrl;
    const baseUrl = call.agentUrl ?? options.url ?? lastHttpBase ?? 'http://localhost';
    return deriveAgentCard({ ...options.card, ...extended }, served, baseUrl);
  };

  const push = options.push?.attach({
    logger,
    clustered: options.cluster !== undefined,
    agentUrl: options.url,
    waitUntil: options.waitUntil,
    telemetry: telemetry?.push,
  });
  const pushConfigs = push?.configs;
  const store = options.store
    ? telemetry
      ? telemetry.store(options.store)
      : options.store
    : createInMemoryTaskStore(
        pushConfigs ? { onEvict: (taskId) => void pushConfigs.deleteForTask(taskId) } : {},
      );
  const eventHub = push ? push.hub(createEventHub()) : createEventHub();
  const hub = telemetry ? telemetry.hub(eventHub) : eventHub;
  const declaredExtensions = (startupCard.capabilities?.extensions ?? []).filter(
    (extension): extension is typeof extension & { uri: string } => Boolean(extension.uri),
  );
  const requiredExtensions = declaredExtensions.filter((extension) => extension.required).map((e) => e.uri);
  const handler = createRequestHandler({
    executor: options.executor,
    skills: options.card.skills,
    ...(options.skillExecutors ? { skillExecutors: options.skillExecutors } : {}),
    requiredExtensions,
    streaming: served.streaming,
    logger,
    store,
    hub,
    ...(pushConfigs ? { pushConfigs } : {}),
    ...(options.maxRunningTasks !== undefined ? { maxRunningTasks: options.maxRunningTasks } : {}),
    ...(options.maxOpenStreams !== undefined ? { maxOpenStreams: options.maxOpenStreams } : {}),
    ...(options.longPollTimeoutMs !== undefined ? { longPollTimeoutMs: options.longPollTimeoutMs } : {}),
    ...(options.repeatedMessageWindowMs !== undefined
      ? { repeatedMessageWindowMs: options.repeatedMessageWindowMs }
      : {}),
    ...(options.cluster !== undefined ? { cluster: options.cluster } : {}),
    ...(options.waitUntil ? { waitUntil: options.waitUntil } : {}),
    ...(extended ? { extendedCard: (call: CallContext) => extendedCardFor(call) } : {}),
  });
  const bindingOptions = {
    handler: telemetry ? telemetry.handler(handler) : handler,
    supportedVersions: served.versions,
    logger,
    ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}),
    ...(options.auth ? { getUser: getAuthUser } : options.getUser ? { getUser: options.getUser } : {}),
  };

  const signing = options.cardSigning;
  // Not strict: `/a2a/jsonrpc/` is `/a2a/jsonrpc` (clients that join a base URL and "/" send the slash).
  const app = new Hono({ strict: false });
  app.route(
    '/',
    createAgentCardRoutes({
      cardFor,
      servesV03: served.versions.includes('0.3'),
      ...(options.unversionedCard ? { unversionedCard: options.unversionedCard } : {}),
      maxAgeSeconds: options.cardMaxAgeSeconds ?? 300,
      revision: () => surfaceRevision,
      lastModified: new Date(),
      ...(options.url ? { baseUrl: options.url } : {}),
      ...(signing ? { sign: (card) => signCard(card, signing) } : {}),
    }),
  );
  if (push) app.route('/', push.routes);
  // A body over the limit is refused with 413, in the error format of the binding and version it was sent to.
  const maxSize = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const tooLarge = () => A2AError.invalidRequest(`Request body is too large; the limit is ${maxSize} bytes`);
  const versionOf = (c: Context) => errorVersionFor(readRequestedVersion(c.req.raw));
  // Only an agent that declares extensions has any to echo; the others skip the middleware altogether.
  const echoExtensions =
    declaredExtensions.length > 0
      ? echoActivatedExtensions(declaredExtensions.map((extension) => extension.uri))
      : undefined;
  const corsMiddleware = options.cors && bindingCors(options.cors);
  if (served.jsonRpcPath !== undefined) {
    if (corsMiddleware) app.use(served.jsonRpcPath, corsMiddleware);
    const onError = (c: Context) => jsonRpcErrorResponse(null, tooLarge(), versionOf(c), { status: 413 });
    app.use(served.jsonRpcPath, declaredBodyLimit({ maxSize, onError }));
    if (echoExtensions) app.use(served.jsonRpcPath, echoExtensions);
    if (options.auth) {
      app.use(served.jsonRpcPath, createAuthMiddleware({ authenticate: options.auth, binding: 'JSONRPC' }));
    }
    app.route(
      served.jsonRpcPath,
      createJsonRpcApp({ ...bindingOptions, agentUrlOf: agentUrlOf(served.jsonRpcPath, options.url) }),
    );
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
    const restRoutes = `${served.restPath === '/' ? '' : served.restPath}/*`;
    if (corsMiddleware) app.use(restRoutes, corsMiddleware);
    app.use(restRoutes, declaredBodyLimit({ maxSize, onError }));
    if (echoExtensions) app.use(restRoutes, echoExtensions);
    if (options.auth) {
      app.use(restRoutes, createAuthMiddleware({ authenticate: options.auth, binding: 'HTTP+JSON' }));
    }
    app.route(
      served.restPath,
      createRestApp({
        ...bindingOptions,
        agentUrlOf: agentUrlOf(served.restPath, options.url),
        requireJsonContentType: cookieCredentials(options.card),
      }),
    );
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

  const bindingHost: A2ABindingHost = {
    handler: bindingOptions.handler,
    versions: served.versions,
    logger,
    maxBodyBytes: maxSize,
    declaredExtensions: declaredExtensions.map((extension) => extension.uri),
    authenticate: createHeaderAuthenticator(options.auth ?? options.getUser),
    authenticates: (options.auth ?? options.getUser) !== undefined,
    grpcListening(port) {
      grpcPort = port;
      surfaceRevision += 1;
    },
  };

  return Object.assign(app, {
    handler,
    pushSigner: push?.signer,
    bindingHost,
    shutdown: (shutdownOptions?: Omit<CloseOptions, 'beforeExit'>) =>
      handler.close({
        ...shutdownOptions,
        ...(push ? { beforeExit: (remainingMs: number) => push.flush(remainingMs) } : {}),
      }),
  });
}

/** Fails at startup when an executor is given for a skill the card does not declare (a typo would never run). */
function assertSkillExecutorsMatchCard(
  card: AgentCardInput,
  skillExecutors: Readonly<Record<string, AgentExecutor>> | undefined,
): void {
  const declared = new Set(card.skills.map((skill) => skill.id));
  const unknown = Object.keys(skillExecutors ?? {}).filter((id) => !declared.has(id));
  if (unknown.length > 0) {
    throw new Error(
      `skillExecutors names skills the card does not declare: ${unknown.join(', ')} (the card's skills: ${[...declared].join(', ') || 'none'})`,
    );
  }
}
