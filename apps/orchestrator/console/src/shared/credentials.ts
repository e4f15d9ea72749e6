/**
 * The orchestrator's API key, when it asks for one: kept in this tab's sessionStorage (never in a URL or a
 * cookie, so no other site's page can send it), sent as `X-API-Key`. Listeners hear when a key is needed.
 */
const STORAGE_KEY = 'baton.apiKey';
/** What the page should do: ask for a key (`refused` when the one it had was refused), or go on with one. */
export type KeyState = { readonly needed: true; readonly refused: boolean } | { readonly needed: false };

const listeners = new Set<(state: KeyState) => void>();

/** The key this tab signed in with, if any. */
export function storedApiKey(): string | undefined {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the key for this tab and tells the page to try again. */
export function signIn(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
  for (const listener of listeners) listener({ needed: false });
}

/** Forgets the key (it was refused) and tells the page to ask for one. */
export function keyNeeded(): void {
  const refused = storedApiKey() !== undefined;
  sessionStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener({ needed: true, refused });
}

/** Calls `listener` when a key becomes needed or was given; returns the unsubscribe. */
export function onKeyNeeded(listener: (state: KeyState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The headers every call to the orchestrator carries. */
export function authHeaders(): Record<string, string> {
  const key = storedApiKey();
  return key === undefined ? {} : { 'X-API-Key': key };
}
