import { type AgentCard, toMajorMinor } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';

/** A protocol binding this client speaks (gRPC with a transport from `@baton/grpc`, on Node). */
export type ClientBinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

/** A protocol version (Major.Minor) this client speaks. */
export type ClientVersion = '1.0' | '0.3';

/** What the caller is willing to use; the card's order still decides among them (spec §8.3.2). */
export interface InterfacePreferences {
  /** Bindings to accept; default JSON-RPC and HTTP+JSON. */
  readonly bindings?: readonly ClientBinding[];
  /** Protocol versions to accept; default both. */
  readonly versions?: readonly ClientVersion[];
}

/** The interface to talk to: where, how, in which version, and the tenant to echo on every request. */
export interface SelectedInterface {
  readonly url: string;
  readonly binding: ClientBinding;
  readonly version: ClientVersion;
  /** Exactly the interface's `tenant`; absent when the interface declares none. */
  readonly tenant?: string;
}

const ALL_BINDINGS: readonly ClientBinding[] = ['JSONRPC', 'HTTP+JSON'];
const ALL_VERSIONS: readonly ClientVersion[] = ['1.0', '0.3'];

function asBinding(value: string, accepted: readonly ClientBinding[]): ClientBinding | undefined {
  const normalized = value.trim().toUpperCase();
  return accepted.find((binding) => binding === normalized);
}

function asVersion(value: string, accepted: readonly ClientVersion[]): ClientVersion | undefined {
  const majorMinor = toMajorMinor(value);
  return accepted.find((version) => version === majorMinor);
}

/**
 * Picks the first of the card's `supportedInterfaces` (first = preferred) whose binding and Major.Minor version
 * the client speaks. Throws `A2AClientError('NO_USABLE_INTERFACE')` listing what the card offers otherwise.
 *
 * @example
 * const { url, binding, version, tenant } = selectInterface(card, { bindings: ['JSONRPC'] });
 */
export function selectInterface(
  card: Pick<AgentCard, 'supportedInterfaces'>,
  preferences: InterfacePreferences = {},
): SelectedInterface {
  const bindings = preferences.bindings ?? ALL_BINDINGS;
  const versions = preferences.versions ?? ALL_VERSIONS;
  for (const entry of card.supportedInterfaces) {
    const binding = asBinding(entry.protocolBinding, bindings);
    const version = asVersion(entry.protocolVersion, versions);
    if (binding === undefined || version === undefined || entry.url === '') continue;
    return {
      url: entry.url,
      binding,
      version,
      ...(entry.tenant === undefined || entry.tenant === '' ? {} : { tenant: entry.tenant }),
    };
  }
  const offered = card.supportedInterfaces
    .map((entry) => `${entry.protocolBinding} ${entry.protocolVersion} at ${entry.url}`)
    .join(', ');
  throw new A2AClientError(
    'NO_USABLE_INTERFACE',
    `The agent card offers ${offered === '' ? 'no interfaces' : offered}; this client accepts ` +
      `${bindings.join(' or ') || 'no binding'} in version ${versions.join(' or ') || 'none'}`,
  );
}
