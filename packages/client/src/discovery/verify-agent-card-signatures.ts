import {
  base64url,
  type CryptoKey,
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  flattenedVerify,
  type JWK,
  type JWSHeaderParameters,
  type KeyObject,
} from 'jose';
import { A2AClientError } from '../errors/client-error.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import { canonicalCardPayload } from './card-signing-input.ts';
import type { CardVerifier } from './card-verifier.ts';

/** A public key jose can verify with. */
export type VerificationKey = CryptoKey | KeyObject | JWK | Uint8Array;

/** Where card signature keys come from; the sources are tried in this order. */
export interface VerifyOptions {
  /** Your own lookup, given the signature's protected header (`kid`, `alg`, `jku`). */
  readonly getKey?: (protectedHeader: JWSHeaderParameters) => VerificationKey | Promise<VerificationKey>;
  /** Trusted public keys: a JWK list (matched by `kid` and `alg`) or keys by `kid`. */
  readonly keys?: readonly JWK[] | Readonly<Record<string, VerificationKey>>;
  /** A trusted JWKS URL. */
  readonly jwksUrl?: string | URL;
  /** JWKS URLs a signature's `jku` header may point at (exact match, or a predicate). Default: none. */
  readonly allowJku?: readonly string[] | ((url: string) => boolean);
  /** Accepted algorithms; default every asymmetric one jose supports. */
  readonly algorithms?: readonly string[];
  /** `fetch` for JWKS downloads. */
  readonly fetch?: FetchLike;
}

/** The signature that verified. */
export interface VerifiedSignature {
  readonly index: number;
  readonly protectedHeader: JWSHeaderParameters;
}

type KeySet = (
  header: JWSHeaderParameters,
  token: { payload: string; signature: string },
) => Promise<VerificationKey>;
type KeyLookup = (header: JWSHeaderParameters) => Promise<VerificationKey | undefined>;

function jkuAllowed(options: VerifyOptions, url: string): boolean {
  const allow = options.allowJku;
  if (allow === undefined) return false;
  return typeof allow === 'function' ? allow(url) : allow.includes(url);
}

function createKeyLookup(options: VerifyOptions): KeyLookup {
  const remote = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const remoteSet = (url: string) => {
    let set = remote.get(url);
    if (set === undefined) {
      const fetchFn = options.fetch;
      set = createRemoteJWKSet(new URL(url), fetchFn === undefined ? {} : { [customFetch]: fetchFn });
      remote.set(url, set);
    }
    return set;
  };
  const { keys } = options;
  const localSet = Array.isArray(keys) ? createLocalJWKSet({ keys: [...(keys as JWK[])] }) : undefined;
  const byKid =
    keys !== undefined && !Array.isArray(keys) ? (keys as Record<string, VerificationKey>) : undefined;
  const token = { payload: '', signature: '' };
  const fromSet = async (set: KeySet | undefined, header: JWSHeaderParameters) => {
    if (set === undefined) return undefined;
    try {
      return await set(header, token);
    } catch (error) {
      // No matching key in this set: let the next source try; other failures (download, parse) surface.
      if (error instanceof errors.JWKSNoMatchingKey) return undefined;
      throw error;
    }
  };
  return async (header) => {
    if (options.getKey !== undefined) return options.getKey(header);
    const kid = header.kid;
    return (
      (await fromSet(localSet, header)) ??
      (byKid !== undefined && kid !== undefined && Object.hasOwn(byKid, kid) ? byKid[kid] : undefined) ??
      (options.jwksUrl === undefined
        ? undefined
        : await fromSet(remoteSet(String(options.jwksUrl)), header)) ??
      (header.jku !== undefined && jkuAllowed(options, header.jku)
        ? await fromSet(remoteSet(header.jku), header)
        : undefined)
    );
  };
}

function readSignatures(card: Record<string, unknown>): readonly Record<string, unknown>[] {
  const signatures = card.signatures;
  if (!Array.isArray(signatures) || signatures.length === 0) {
    throw new A2AClientError('SIGNATURE', 'The agent card carries no signatures');
  }
  return signatures.map((entry) => (typeof entry === 'object' && entry !== null ? entry : {}));
}

async function verifyOne(
  entry: Record<string, unknown>,
  payload: string,
  lookup: KeyLookup,
  options: VerifyOptions,
): Promise<JWSHeaderParameters> {
  if (typeof entry.protected !== 'string' || typeof entry.signature !== 'string') {
    throw new Error('signature entry needs string `protected` and `signature`');
  }
  const jws = {
    payload,
    protected: entry.protected,
    signature: entry.signature,
    ...(typeof entry.header === 'object' && entry.header !== null
      ? { header: entry.header as JWSHeaderParameters }
      : {}),
  };
  const header = decodeProtectedHeader(jws) as JWSHeaderParameters;
  if (typeof header.alg !== 'string' || typeof header.kid !== 'string') {
    throw new Error('protected header must name `alg` and `kid` (spec §8.4.2)');
  }
  const key = await lookup(header);
  if (key === undefined) throw new Error(`no trusted key for kid "${header.kid}"`);
  const verifyOptions = options.algorithms === undefined ? {} : { algorithms: [...options.algorithms] };
  const result = await flattenedVerify(jws, key, verifyOptions);
  return result.protectedHeader ?? header;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new A2AClientError('PROTOCOL', 'Cannot verify: the agent card is not valid JSON', { cause: error });
  }
}

/**
 * Verifies an agent card's JWS signatures (spec §8.4.3) over the card as received minus `signatures`, in RFC 8785
 * form. Resolves with the first signature that verifies; throws `A2AClientError('SIGNATURE')` naming why each
 * failed. Pass the raw card JSON (or its text), never a re-serialized copy.
 *
 * @example
 * await verifyAgentCardSignatures(resolved.raw, { keys: [publicJwk] });
 */
export async function verifyAgentCardSignatures(
  card: unknown,
  options: VerifyOptions,
): Promise<VerifiedSignature> {
  const record = typeof card === 'string' ? parseJson(card) : card;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new A2AClientError('SIGNATURE', 'Cannot verify: the agent card is not a JSON object');
  }
  const signatures = readSignatures(record as Record<string, unknown>);
  const payload = base64url.encode(canonicalCardPayload(record as Record<string, unknown>));
  const lookup = createKeyLookup(options);
  const failures: unknown[] = [];
  for (const [index, entry] of signatures.entries()) {
    try {
      return { index, protectedHeader: await verifyOne(entry, payload, lookup, options) };
    } catch (error) {
      failures.push(error);
    }
  }
  const reasons = failures.map(
    (error, index) => `[${index}] ${error instanceof Error ? error.message : String(error)}`,
  );
  throw new A2AClientError('SIGNATURE', `No agent card signature verified: ${reasons.join('; ')}`, {
    cause: new AggregateError(failures, 'every signature failed'),
  });
}

/**
 * A {@link CardVerifier} that accepts a card only when one of its JWS signatures verifies with the keys given
 * (see {@link verifyAgentCardSignatures}); for `createA2AClient({ verifyCard })` and `resolveAgentCard(…, { verify })`.
 *
 * @example
 * const client = await createA2AClient({ agent: url, verifyCard: requireCardSignature({ keys: [publicJwk] }) });
 */
export function requireCardSignature(options: VerifyOptions): CardVerifier {
  return (raw) => verifyAgentCardSignatures(raw, options);
}
