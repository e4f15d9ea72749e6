import type { ProtocolVersion } from '@baton/protocol';
import type { HttpClientOptions } from '../http/send-http-request.ts';
import type { ClientTelemetry } from '../telemetry/client-telemetry.ts';

/** Default timeout of a unary call (and of a stream until its first event): 30 s. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Default longest silence between stream chunks (heartbeat comments count): 60 s. */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;

/** Default cap on a unary response body: 32 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Options of `createJsonRpcTransport` and `createRestTransport`: the interface plus the HTTP behaviour. */
export interface TransportOptions extends HttpClientOptions {
  /** The interface URL from the card (JSON-RPC endpoint, or REST base). */
  readonly url: string;
  /** The interface's protocol version; sent as `A2A-Version` on every call. */
  readonly version: ProtocolVersion;
  /** The interface's tenant, sent with every 1.0 request. */
  readonly tenant?: string;
  /** Timeout of unary calls and of streams until their first event, in ms; default 30,000. */
  readonly timeoutMs?: number;
  /** Longest silence between stream chunks after the first event, in ms; default 60,000. */
  readonly streamIdleTimeoutMs?: number;
  /** Largest SSE event accepted; default 8 MiB. */
  readonly maxEventBytes?: number;
  /** Largest response body of a unary call (or an error answer to a stream) read; default 32 MiB. */
  readonly maxResponseBytes?: number;
  /** How calls are traced and counted (`clientOpenTelemetry()`); none when absent. */
  readonly telemetry?: ClientTelemetry;
}
