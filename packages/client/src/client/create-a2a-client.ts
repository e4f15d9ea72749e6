import {
  A2A_EXTENSIONS_HEADER,
  type AgentCard,
  formatExtensionsHeader,
  LEGACY_EXTENSIONS_HEADER,
  type ProtocolVersion,
} from '@baton/protocol';
import { type Credentials, createAuthenticator } from '../auth/create-authenticator.ts';
import {
  type AgentCardSource,
  type CardCache,
  type CardVerifier,
  type ClientBinding,
  resolveAgentCard,
  selectInterface,
} from '../discovery/index.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import type { Interceptor } from '../http/interceptor.ts';
import type { RetryOptions } from '../retry/retry-policy.ts';
import type { ClientTelemetry } from '../telemetry/client-telemetry.ts';
import { createTransport } from '../transport/create-transport.ts';
import type { TransportFactories } from '../transport/transport.ts';
import { type A2AClient, createA2AClientFromTransport } from './a2a-client.ts';
import type { ResubscribeOptions } from './resume-stream.ts';

/** Options of {@link createA2AClient}. */
export interface A2AClientOptions {
  /** The agent: its base URL, its card URL, or the card itself. */
  readonly agent: AgentCardSource | AgentCard;
  /** The fetch every call goes through; default `globalThis.fetch`. */
  readonly fetch?: FetchLike;
  /** Credentials by security scheme name, applied as the card's `securitySchemes` say. */
  readonly credentials?: Credentials;
  /** Headers sent with every call. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Extension URIs to activate on every call (`A2A-Extensions`; `X-A2A-Extensions` to a 0.3 agent), e.g.
   * `TASK_GENERATION_EXTENSION` to get the 1.1 draft's `generation` on tasks and events from an agent that declares it.
   */
  readonly extensions?: readonly string[];
  /** Hooks around every HTTP call. */
  readonly interceptors?: readonly Interceptor[];
  /** Timeout of unary calls and of streams until their first event, in ms; default 30,000. */
  readonly timeoutMs?: number;
  /** Longest silence inside a stream, in ms; default 60,000. */
  readonly streamIdleTimeoutMs?: number;
  /** Largest SSE event accepted; default 8 MiB. */
  readonly maxEventBytes?: number;
  /** Largest unary answer read; default 32 MiB. */
  readonly maxResponseBytes?: number;
  /** Retries of idempotent calls (and of sends with `retrySend`). */
  readonly retry?: RetryOptions;
  /**
   * Whether an AUTH_REQUIRED asking for more OAuth scopes (`IN_TASK_OAUTH_EXTENSION`) makes the client's OAuth
   * credentials get a token with them and reply on the task by themselves (an interactive flow asks its user
   * again); default true. `false` leaves the AUTH_REQUIRED to the caller.
   */
  readonly reauthorize?: boolean;
  /** Resubscribe policy of streams; `false` turns it off. */
  readonly resubscribe?: ResubscribeOptions | false;
  /**
   * Bindings this client may use; default JSON-RPC and HTTP+JSON, and gRPC too when `transports.GRPC` is given
   * (the card's order decides among them, spec §8.3.2).
   */
  readonly preferredBindings?: readonly ClientBinding[];
  /** Transports of bindings the client does not carry itself: `{ GRPC: grpcTransport() }` from `@baton/grpc` (Node). */
  readonly transports?: TransportFactories;
  /** Protocol versions this client may use; default both (the card's order decides). */
  readonly preferredVersions?: readonly ProtocolVersion[];
  /** Cancels discovery. */
  readonly signal?: AbortSignal;
  /**
   * Card cache shared by the clients you create (`createCardCache()`): a card fetched again is revalidated
   * with ETag / Last-Modified, or not fetched at all within its `Cache-Control: max-age`.
   */
  readonly cardCache?: CardCache;
  /** Checks the card before it is trusted: `requireCardSignature({ keys })` verifies its JWS signatures (spec §8.4). */
  readonly verifyCard?: CardVerifier;
  /**
   * How calls are traced and counted: `clientOpenTelemetry()` makes each call a CLIENT span whose context goes
   * with the request, and counts it. Without it the client carries no telemetry code.
   */
  readonly telemetry?: ClientTelemetry;
}

/**
 * Creates a client for an agent: resolves its card, picks the first interface this client speaks (binding and
 * version), and builds the transport with credentials, headers, interceptors, timeouts and retries.
 *
 * @example
 * const client = await createA2AClient({ agent: 'https://agent.example', credentials: { bearer: token } });
 * for await (const event of client.streamMessage('Plan a trip to Lisbon')) console.log(event);
 */
export async function createA2AClient(options: A2AClientOptions): Promise<A2AClient> {
  const resolved = await resolveAgentCard(options.agent, {
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.cardCache === undefined ? {} : { cache: options.cardCache }),
    ...(options.verifyCard === undefined ? {} : { verify: options.verifyCard }),
    ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
  });
  let card = resolved.card;
  const bindings =
    options.preferredBindings ??
    (['JSONRPC', 'HTTP+JSON', ...(options.transports?.GRPC ? ['GRPC' as const] : [])] as const);
  const selected = selectInterface(card, {
    bindings,
    ...(options.preferredVersions === undefined ? {} : { versions: options.preferredVersions }),
  });
  const interceptors: readonly Interceptor[] | undefined = options.interceptors;
  const headers = withExtensions(options.headers, options.extensions, selected.version);
  const authenticate =
    options.credentials === undefined ? undefined : createAuthenticator(() => card, options.credentials);
  const transport = createTransport({
    ...selected,
    ...(options.transports === undefined ? {} : { transports: options.transports }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(headers === undefined ? {} : { headers }),
    ...(interceptors === undefined ? {} : { interceptors }),
    ...(authenticate === undefined ? {} : { authenticate }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.streamIdleTimeoutMs === undefined
      ? {}
      : { streamIdleTimeoutMs: options.streamIdleTimeoutMs }),
    ...(options.maxEventBytes === undefined ? {} : { maxEventBytes: options.maxEventBytes }),
    ...(options.maxResponseBytes === undefined ? {} : { maxResponseBytes: options.maxResponseBytes }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
  });
  const reauthorize = options.reauthorize === false ? undefined : authenticate?.reauthorize;
  return createA2AClientFromTransport(transport, card, {
    ...(options.resubscribe === undefined ? {} : { resubscribe: options.resubscribe }),
    ...(reauthorize === undefined ? {} : { reauthorize }),
    onCardChange: (next) => {
      card = next;
    },
  });
}

/** The client's headers with the extensions to activate, in the header the selected version names. */
function withExtensions(
  headers: Readonly<Record<string, string>> | undefined,
  extensions: readonly string[] | undefined,
  version: ProtocolVersion,
): Readonly<Record<string, string>> | undefined {
  if (!extensions || extensions.length === 0) return headers;
  const name = version === '0.3' ? LEGACY_EXTENSIONS_HEADER : A2A_EXTENSIONS_HEADER;
  return { ...headers, [name]: formatExtensionsHeader(extensions) };
}
