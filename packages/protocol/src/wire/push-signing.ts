/**
 * The wire facts of Baton's signed push deliveries, shared by the agent that signs them (`@baton/server`) and
 * the receiver that verifies them (`@baton/client`).
 */

/** The header carrying a delivery's JWT when `Authorization` holds credentials the client configured. */
export const PUSH_JWT_HEADER = 'X-A2A-Notification-JWT';

/** The header carrying the push config's opaque `token`. */
export const PUSH_NOTIFICATION_TOKEN_HEADER = 'X-A2A-Notification-Token';

/** Where an agent serves the keys that verify its deliveries, below its base URL (the token's `jku`). */
export const PUSH_JWKS_PATH = '/.well-known/jwks.json';

/** The claim holding the hex SHA-256 of the exact request body (the name the A2A samples' receivers read). */
export const PUSH_BODY_HASH_CLAIM = 'request_body_sha256';

/** The hex SHA-256 of `text` as UTF-8, through Web Crypto (every runtime has it). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
