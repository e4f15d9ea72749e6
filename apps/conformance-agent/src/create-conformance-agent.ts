/** Builds the conformance agent: the kit's scenarios on @baton/server, every binding and version. */
import {
  type A2AServer,
  type ClusterOptions,
  createA2AServer,
  type Logger,
  type PushConfigRecords,
  type PushOptions,
  pushNotifications,
  serverOpenTelemetry,
  type TaskStore,
} from '@baton/server';
import { CONFORMANCE_CARD, EXTENDED_CARD } from './conformance-card.ts';
import { createConformanceExecutor, DEFAULT_TIMING } from './conformance-executor.ts';

/**
 * The kit's webhook receivers listen on localhost, so loopback webhooks are allowed; everything else keeps
 * the server's SSRF checks.
 */
export const LOOPBACK_WEBHOOKS: readonly string[] = ['127.0.0.1', 'localhost', '::1'];

/** The extension the kit's CORE-CAP-004 checks for when an agent card marks it required. */
export const KIT_REQUIRED_EXTENSION = 'urn:a2a:tck:required-extension';

/** Options of {@link createConformanceAgent}. */
export interface ConformanceAgentOptions {
  /** Public base URL the card advertises; default each request's own origin. */
  readonly url?: string;
  /** How long `test-resubscribe-message-id` stays WORKING; default 10 s (the kit needs ≥ 2 × its streaming timeout). */
  readonly resubscribeWorkMs?: number;
  /** How long `tck-delayed-complete` stays WORKING; default 2 s (1 × the kit's default streaming timeout). */
  readonly delayedCompleteMs?: number;
  /** Resolves webhook host names for the SSRF check; default the runtime's resolver. */
  readonly resolveHost?: PushOptions['resolveHost'];
  /** Where server failures are reported; default the console. */
  readonly logger?: Logger;
  /**
   * Declare {@link KIT_REQUIRED_EXTENSION} as required, so the kit can check that a send without it is refused
   * (its other scenarios do not send it, so this is a separate run). Default `false`.
   */
  readonly requireKitExtension?: boolean;
  /** Where tasks live; default in memory. */
  readonly store?: TaskStore | undefined;
  /** Where push configs live; default in memory. */
  readonly pushConfigs?: PushConfigRecords | undefined;
  /** Task leases and an event bus (several instances); default none. */
  readonly cluster?: ClusterOptions | undefined;
  /**
   * The gRPC binding's address on the card (`host:port`); default the card request's host at the port
   * `startGrpcServer` listens on. The card declares gRPC either way.
   */
  readonly grpcUrl?: string;
  /**
   * Whether the card declares gRPC (served by `startGrpcServer` on Node); default `true`. The entries for Bun, Deno
   * and Workers serve JSON-RPC and HTTP+JSON only, so they pass `false`.
   */
  readonly grpc?: boolean;
  /**
   * Which card a request without `A2A-Version` gets: `'1.0'` (default; the 1.0 kit reads the card so) or `'0.3'`
   * (the server's own default, which the 0.3 kit and 0.3 clients expect).
   */
  readonly unversionedCard?: '1.0' | '0.3';
  /** Keeps background work alive after a response (Workers: `waitUntil` from `cloudflare:workers`). */
  readonly waitUntil?: (work: Promise<unknown>) => void;
}

/**
 * Creates the conformance agent: JSON-RPC and HTTP+JSON for A2A 1.0 and 0.3, gRPC for 1.0 (served by
 * `startGrpcServer` from `@baton/grpc`), streaming, push, extended card.
 */
export function createConformanceAgent(options: ConformanceAgentOptions = {}): A2AServer {
  const executor = createConformanceExecutor({
    resubscribeWorkMs: options.resubscribeWorkMs ?? DEFAULT_TIMING.resubscribeWorkMs,
    delayedCompleteMs: options.delayedCompleteMs ?? DEFAULT_TIMING.delayedCompleteMs,
  });
  return createA2AServer({
    card: options.requireKitExtension
      ? {
          ...CONFORMANCE_CARD,
          extensions: [{ uri: KIT_REQUIRED_EXTENSION, required: true, description: 'Required by the kit' }],
        }
      : CONFORMANCE_CARD,
    executor,
    versions: ['1.0', '0.3'],
    // The kit reads the card without A2A-Version and validates it as a strict 1.0 card; 0.3 clients that send
    // `A2A-Version: 0.3` still get the 0.3-compatible one (docs/conformance.md).
    unversionedCard: options.unversionedCard ?? '1.0',
    streaming: true,
    // The kit reuses one messageId per scenario name for a whole run (`tck-complete-task-<session>` with "Hello from
    // TCK", "Blocking request", "Non-blocking request", …): each is a new message to it, so the repeated-message
    // memory, which refuses another message under a used id, is off here (docs/conformance.md).
    repeatedMessageWindowMs: 0,
    // Browser tools (the console's Inspector) may point at it too.
    cors: true,
    push: pushNotifications({
      allowlist: LOOPBACK_WEBHOOKS,
      ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
      ...(options.pushConfigs ? { records: options.pushConfigs } : {}),
    }),
    telemetry: serverOpenTelemetry(),
    ...(options.store ? { store: options.store } : {}),
    ...(options.cluster ? { cluster: options.cluster } : {}),
    extendedCard: EXTENDED_CARD,
    ...(options.grpc === false ? {} : { grpc: options.grpcUrl ? { url: options.grpcUrl } : {} }),
    ...(options.url ? { url: options.url } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.waitUntil ? { waitUntil: options.waitUntil } : {}),
  });
}
