import {
  A2A_VERSION_HEADER,
  type A2AError,
  DEFAULT_PROTOCOL_VERSION,
  isA2AError,
  negotiateVersion,
  type ProtocolVersion,
  SUPPORTED_VERSIONS,
} from '@baton/protocol';

/** The version a request asked for and the version it is served in (or why it cannot be). */
export type RequestVersion =
  | { readonly ok: true; readonly requested: string | undefined; readonly version: ProtocolVersion }
  | {
      readonly ok: false;
      readonly requested: string | undefined;
      /** -32009 VersionNotSupported, naming the supported versions. */
      readonly error: A2AError;
      /** The format to write `error` in (see {@link errorVersionFor}). */
      readonly errorVersion: ProtocolVersion;
    };

/**
 * The raw `A2A-Version` a request carries: the header when it is non-empty, else the `A2A-Version` query
 * parameter (spec §3.6 lets clients send either), else `undefined` (which means 0.3).
 */
export function readRequestedVersion(request: Request): string | undefined {
  const header = request.headers.get(A2A_VERSION_HEADER)?.trim();
  if (header) return header;
  const query = new URL(request.url).searchParams.get(A2A_VERSION_HEADER)?.trim();
  return query || undefined;
}

/**
 * The error format to answer in when the requested version cannot be served: 1.0 when any entry of the
 * request names a major version of 1 or more (`1.0`, `1.1`, `2.0`, `1`), else 0.3 (no header, `0.2`,
 * garbage), because a client that asks for an old or unreadable version most likely reads 0.3 errors.
 */
export function errorVersionFor(requested: string | undefined): ProtocolVersion {
  const entries = (requested ?? '').split(',');
  const modern = entries.some((entry) => Number(/^\s*(\d+)(?:\.|\s*$)/.exec(entry)?.[1] ?? 0) >= 1);
  return modern ? '1.0' : DEFAULT_PROTOCOL_VERSION;
}

/**
 * Negotiates the version of one request (header or query parameter; missing means 0.3; the patch number never
 * matters) against `supported`. On failure `error` is a -32009 VersionNotSupported naming the supported
 * versions and `errorVersion` says which format to write it in.
 */
export function negotiateRequestVersion(
  request: Request,
  supported: readonly ProtocolVersion[] = SUPPORTED_VERSIONS,
): RequestVersion {
  const requested = readRequestedVersion(request);
  try {
    return { ok: true, requested, version: negotiateVersion(requested, supported) };
  } catch (error) {
    if (!isA2AError(error)) throw error;
    return { ok: false, requested, error, errorVersion: errorVersionFor(requested) };
  }
}
