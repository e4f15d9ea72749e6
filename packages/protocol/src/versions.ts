import { A2AError } from './errors/a2a-error.ts';

/** Protocol versions, the service-parameter headers and media types (spec §3.2.6, §3.6). */

/** Header (or query parameter) carrying the client's `Major.Minor` protocol version. */
export const A2A_VERSION_HEADER = 'A2A-Version';

/** 1.0 header listing the extension URIs the client wants active (and the server echoes). */
export const A2A_EXTENSIONS_HEADER = 'A2A-Extensions';

/**
 * The task generation of the A2A 1.1 draft (a2aproject/A2A PR 1810, which this URI names), as an extension until
 * 1.1 is released: callers that activate it get `generation` on tasks and on both update events, and may send
 * `ifGenerationMatch` and `currentGeneration`. Baton's servers declare it on their cards.
 */
export const TASK_GENERATION_EXTENSION = 'https://github.com/a2aproject/A2A/pull/1810';

/**
 * Client-directed skill selection, the 1.1 epic a2aproject/A2A issue 1989 (which this URI names), as an extension
 * until 1.1 defines it: a send names the skill it wants in `configuration.skillId` (the field its concrete proposal,
 * issue 1812, gives `SendMessageConfiguration`). Baton's servers declare it, route the send to that skill and check
 * the skill's security requirements; an unknown skill is refused.
 */
export const SKILL_SELECTION_EXTENSION = 'https://github.com/a2aproject/A2A/issues/1989';

/** 0.3 spelling of {@link A2A_EXTENSIONS_HEADER}. */
export const LEGACY_EXTENSIONS_HEADER = 'X-A2A-Extensions';

/** Media type of HTTP+JSON bodies and push payloads in 1.0. */
export const A2A_MEDIA_TYPE = 'application/a2a+json';

/** Media type of JSON-RPC bodies, and of everything in 0.3. */
export const JSON_MEDIA_TYPE = 'application/json';

/** Media type of Server-Sent Events streams. */
export const SSE_MEDIA_TYPE = 'text/event-stream';

/** The protocol versions this package speaks, newest first. */
export const SUPPORTED_VERSIONS = ['1.0', '0.3'] as const;

/** A protocol version this package speaks. */
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number];

/** The version a request without an `A2A-Version` header is read as (spec §3.6.2). */
export const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = '0.3';

/** The newest version; what clients of this package send. */
export const LATEST_PROTOCOL_VERSION: ProtocolVersion = '1.0';

// Major.Minor, then an optional patch (and pre-release/build suffix) that negotiation ignores.
const VERSION_PATTERN = /^(\d+)\.(\d+)(?:\.\d+(?:[-+][0-9A-Za-z.-]*)?)?$/;

/** Reduces a version string to `Major.Minor` (`1.0.2` → `1.0`), or undefined if it is not a version. */
export function toMajorMinor(version: string): string | undefined {
  const match = VERSION_PATTERN.exec(version.trim());
  return match ? `${Number(match[1])}.${Number(match[2])}` : undefined;
}

/**
 * Picks the protocol version for a request from its `A2A-Version` header. Missing or empty means 0.3;
 * the patch number never matters. A comma-separated value (e.g. a repeated header folded by a proxy) is
 * read as a preference list and its first supported entry wins. Throws VersionNotSupportedError naming
 * the supported versions otherwise.
 */
export function negotiateVersion(
  headerValue: string | null | undefined,
  supported: readonly ProtocolVersion[] = SUPPORTED_VERSIONS,
): ProtocolVersion {
  const requested = (headerValue ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const candidates = requested.length === 0 ? [DEFAULT_PROTOCOL_VERSION] : requested;
  for (const candidate of candidates) {
    const majorMinor = toMajorMinor(candidate);
    const match = supported.find((version) => version === majorMinor);
    if (match) return match;
  }
  throw A2AError.versionNotSupported(requested.join(', ') || DEFAULT_PROTOCOL_VERSION, supported);
}

/** Splits an extensions header into URIs: comma-separated, trimmed, empty entries dropped, duplicates removed. */
export function parseExtensionsHeader(value: string | readonly string[] | null | undefined): string[] {
  const values = typeof value === 'string' ? [value] : (value ?? []);
  const uris = values.flatMap((v) => v.split(',')).map((uri) => uri.trim());
  return [...new Set(uris.filter((uri) => uri.length > 0))];
}

/** Joins extension URIs into a header value (deduplicated, in order). */
export function formatExtensionsHeader(uris: Iterable<string>): string {
  return parseExtensionsHeader([...uris]).join(', ');
}
