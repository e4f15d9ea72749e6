import { PUSH_BODY_HASH_CLAIM, sha256Hex } from '@baton/protocol';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type KeyObject,
  SignJWT,
} from 'jose';

/** A private signing key: a private JWK (with `d`), a Node `KeyObject`, or an extractable `CryptoKey`. */
export type PushSigningKey = JWK | CryptoKey | KeyObject;

/** Algorithms a push signer accepts: asymmetric only, so receivers verify with a public key. */
export type PushSigningAlgorithm = 'ES256' | 'ES384' | 'ES512' | 'EdDSA' | 'RS256' | 'PS256';

/** Options of {@link createPushSigner}. */
export interface PushSignerOptions {
  /**
   * The key deliveries are signed with. Give one (e.g. from a secret store) when several instances serve the
   * agent or when tokens must verify across a restart. Default: an ES256 key pair generated at start.
   */
  readonly signingKey?: PushSigningKey;
  /** The algorithm; default inferred from the key (P-256 → ES256, Ed25519 → EdDSA, RSA → RS256). */
  readonly algorithm?: PushSigningAlgorithm;
  /**
   * Public keys still published in the JWKS after a rotation between deployments (tokens signed with them
   * before the rotation stay verifiable until they expire). Drop them once `tokenTtlSeconds` has passed.
   */
  readonly retiredPublicKeys?: readonly JWK[];
  /** Lifetime of one token; default 300 s (minutes, not hours). */
  readonly tokenTtlSeconds?: number;
  /** The clock, in milliseconds; for tests. */
  readonly now?: () => number;
}

/** What one delivery's token says. */
export interface PushTokenClaims {
  /** `iss`: the agent's URL (left out when unknown: the config was registered without a request). */
  readonly issuer: string | undefined;
  /** `jku`: where the agent serves its JWKS (left out with `issuer`). */
  readonly jwksUrl: string | undefined;
  /** `aud`: the webhook URL exactly as configured. */
  readonly audience: string;
  readonly taskId: string;
  /** The exact request body; its SHA-256 goes in `request_body_sha256`. */
  readonly body: string;
  /**
   * `jti`: the delivery's id, the same on every attempt of one delivery (and after another instance takes it
   * over), so a receiver that remembers token ids drops a repeat. Default: a new random id.
   */
  readonly tokenId?: string | undefined;
}

/** Signs push deliveries and publishes the keys that verify them. */
export interface PushSigner {
  /** A signed JWT for one delivery. */
  sign(claims: PushTokenClaims): Promise<string>;
  /** The public keys to serve: the current one, plus keys retired less than a token lifetime ago. */
  jwks(): Promise<JSONWebKeySet>;
  /**
   * Signs with `next` (default: a new generated key) from now on; the previous public key stays in the JWKS
   * until every token it signed has expired.
   */
  rotate(next?: PushSigningKey): Promise<void>;
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth']);
const CURVE_ALGORITHMS: Readonly<Record<string, PushSigningAlgorithm>> = {
  'P-256': 'ES256',
  'P-384': 'ES384',
  'P-521': 'ES512',
  Ed25519: 'EdDSA',
};

interface LoadedKey {
  readonly key: CryptoKey | KeyObject;
  readonly algorithm: PushSigningAlgorithm;
  readonly publicJwk: JWK & { kid: string };
}

function algorithmOf(jwk: JWK, given: PushSigningAlgorithm | undefined): PushSigningAlgorithm {
  if (jwk.kty === 'oct') {
    throw new TypeError(
      'push.signingKey must be an asymmetric private key; a shared secret (HMAC) is refused',
    );
  }
  const inferred =
    (jwk.alg as PushSigningAlgorithm | undefined) ??
    (jwk.kty === 'RSA' ? 'RS256' : jwk.crv ? CURVE_ALGORITHMS[jwk.crv] : undefined);
  const algorithm = given ?? inferred;
  if (!algorithm)
    throw new TypeError(`push.signingKey: cannot tell the algorithm of a ${jwk.kty} key; set algorithm`);
  return algorithm;
}

const isJwk = (key: PushSigningKey): key is JWK => 'kty' in key;

async function loadKey(input: PushSigningKey | undefined, given?: PushSigningAlgorithm): Promise<LoadedKey> {
  let jwk: JWK;
  let key: CryptoKey | KeyObject;
  if (input === undefined) {
    const pair = await generateKeyPair(given ?? 'ES256', { extractable: false });
    jwk = await exportJWK(pair.publicKey);
    jwk.alg = given ?? 'ES256';
    key = pair.privateKey;
  } else if (isJwk(input)) {
    if (input.kty !== 'oct' && input.d === undefined) {
      throw new TypeError('push.signingKey must be a private key (its JWK has no "d")');
    }
    jwk = input;
    key = (await importJWK(input, algorithmOf(input, given))) as CryptoKey | KeyObject;
  } else {
    jwk = await exportJWK(input);
    key = input;
  }
  const algorithm = algorithmOf(jwk, given);
  const publicJwk = Object.fromEntries(
    Object.entries(jwk).filter(([member]) => !PRIVATE_MEMBERS.has(member)),
  ) as JWK;
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  return { key, algorithm, publicJwk: { ...publicJwk, kid, alg: algorithm, use: 'sig' } };
}

/**
 * Creates the signer of push deliveries: each delivery gets a short-lived JWT (`iss`, `aud`, `iat`, `exp`,
 * a `jti` naming the delivery, `taskId`, and `request_body_sha256`), protected header `{alg, kid, jku, typ: 'JWT'}`.
 * jose does the cryptography.
 *
 * @example
 * const signer = createPushSigner({ signingKey: JSON.parse(await secrets.read('push-signing-jwk')) });
 */
export function createPushSigner(options: PushSignerOptions = {}): PushSigner {
  const ttlSeconds = options.tokenTtlSeconds ?? 300;
  const now = options.now ?? Date.now;
  let current = loadKey(options.signingKey, options.algorithm);
  // A failed load (a bad key) is reported on every use, never as an unhandled rejection.
  current.catch(() => undefined);
  let retired: { readonly jwk: JWK; readonly until: number }[] = [];

  return {
    async sign(claims) {
      const loaded = await current;
      const seconds = Math.floor(now() / 1000);
      const token = new SignJWT({
        taskId: claims.taskId,
        [PUSH_BODY_HASH_CLAIM]: await sha256Hex(claims.body),
      })
        .setProtectedHeader({
          alg: loaded.algorithm,
          kid: loaded.publicJwk.kid,
          ...(claims.jwksUrl ? { jku: claims.jwksUrl } : {}),
          typ: 'JWT',
        })
        .setAudience(claims.audience)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + ttlSeconds)
        .setJti(claims.tokenId ?? crypto.randomUUID());
      if (claims.issuer) token.setIssuer(claims.issuer);
      return token.sign(loaded.key);
    },
    async jwks() {
      const loaded = await current;
      const time = now();
      retired = retired.filter((entry) => entry.until > time);
      return {
        keys: [loaded.publicJwk, ...retired.map((entry) => entry.jwk), ...(options.retiredPublicKeys ?? [])],
      };
    },
    async rotate(next) {
      const previous = await current;
      const replacement = loadKey(next, next === undefined ? previous.algorithm : options.algorithm);
      await replacement;
      current = replacement;
      // A token signed just before the switch is valid for ttlSeconds; a minute more covers clock skew.
      retired.push({ jwk: previous.publicJwk, until: now() + (ttlSeconds + 60) * 1000 });
    },
  };
}
