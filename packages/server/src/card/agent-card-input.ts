import type { AgentCard, AgentExtension, ProtocolVersion } from '@baton/protocol';

/**
 * The part of an agent card the agent author writes: who the agent is and what it can do. Interfaces and
 * capabilities are derived from what the server actually serves, so they cannot drift from it; if the input
 * states them anyway, they must match what is served or the server refuses to start.
 */
export type AgentCardInput = Omit<
  AgentCard,
  'supportedInterfaces' | 'capabilities' | 'defaultInputModes' | 'defaultOutputModes'
> & {
  /** Media types the agent accepts by default; `['text/plain']` when left out. */
  readonly defaultInputModes?: readonly string[];
  /** Media types the agent produces by default; `['text/plain']` when left out. */
  readonly defaultOutputModes?: readonly string[];
  /** Extensions the agent supports (`capabilities.extensions` on the card). */
  readonly extensions?: readonly AgentExtension[];
  /** Optional; checked against what the server serves. */
  readonly supportedInterfaces?: AgentCard['supportedInterfaces'];
  /** Optional; checked against what the server serves. */
  readonly capabilities?: AgentCard['capabilities'];
};

/** What the server serves, from which the card's interfaces and capabilities are derived. */
export interface ServedSurface {
  /** Path of the JSON-RPC endpoint relative to the server's base URL, or `undefined` when not served. */
  readonly jsonRpcPath: string | undefined;
  /** Base path of the HTTP+JSON routes relative to the server's base URL, or `undefined` when not served. */
  readonly restPath: string | undefined;
  /** Protocol versions served, in preference order. */
  readonly versions: readonly ProtocolVersion[];
  readonly streaming: boolean;
  readonly pushNotifications: boolean;
  readonly extendedAgentCard: boolean;
  /** Tenant every interface carries, if the deployment routes by tenant. */
  readonly tenant?: string;
  /**
   * Where the gRPC binding listens for a card served under `baseUrl` (`host:port`), or `undefined` while it is
   * not listening; absent when gRPC is not served. gRPC serves 1.0 only.
   */
  readonly grpcUrl?: (baseUrl: string) => string | undefined;
}
