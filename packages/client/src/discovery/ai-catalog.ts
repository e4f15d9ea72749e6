import type { AgentCard } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';
import type { FetchLike } from '../http/fetch-like.ts';
import { readCappedText } from '../http/read-capped-text.ts';

/** The media type of an A2A agent card in an AI Catalog entry. */
export const A2A_AGENT_CARD_MEDIA_TYPE = 'application/a2a-agent-card+json';
/** The media type of an AI Catalog (a nested one, in an entry). */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** Where a host publishes its AI Catalog. */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';

/** An A2A agent an AI Catalog lists: where its card is (`url`), or the card itself (`card`). */
export interface CatalogAgent {
  /** The entry's identifier (a URN such as `urn:air:example.com:agent:writer`). */
  readonly identifier: string;
  readonly displayName: string;
  readonly description?: string;
  /** The card's URL, for `createA2AClient({ agent })`; absent when the catalog inlines the card. */
  readonly url?: string;
  /** The card as the catalog inlined it (`data`), unchecked: `createA2AClient` reads and checks it. */
  readonly card?: AgentCard;
  /** The catalog the entry was found in (a nested catalog's URL for an entry found there). */
  readonly catalog: string;
}

/** Options of {@link resolveAiCatalog}. */
export interface ResolveAiCatalogOptions {
  readonly fetch?: FetchLike;
  readonly signal?: AbortSignal;
  readonly headers?: Readonly<Record<string, string>>;
  /** Largest catalog body read; default 1 MiB. */
  readonly maxBytes?: number;
  /** How deep nested catalogs are followed; default 2 (the catalog and the ones it lists). */
  readonly maxDepth?: number;
  /** Most agents returned; default 1,000. */
  readonly maxAgents?: number;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/** The catalog URL for `source`: itself when it names a document, else the origin's well-known catalog. */
export function aiCatalogUrl(source: string | URL): string {
  const url = new URL(source);
  if (url.pathname === '/' || url.pathname === '') return new URL(AI_CATALOG_PATH, url).href;
  return url.href;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads an AI Catalog (the Agentic Resource Discovery / AI Catalog format: `specVersion`, `entries[]` each with an
 * `identifier`, a `displayName`, a media type in `type` (or the older `mediaType`) and a `url` or inline `data`).
 * Returns its A2A agent entries and the URLs of the catalogs it nests; other entries are skipped, as the format
 * asks of a consumer that does not know them. A body that is not a catalog is a `PROTOCOL` A2AClientError.
 */
export function readAiCatalog(
  raw: unknown,
  catalogUrl: string,
): { agents: CatalogAgent[]; nested: string[] } {
  if (!isObject(raw) || !Array.isArray(raw.entries)) {
    throw new A2AClientError('PROTOCOL', `${catalogUrl} is not an AI Catalog: it has no "entries" array`);
  }
  const agents: CatalogAgent[] = [];
  const nested: string[] = [];
  for (const entry of raw.entries) {
    if (!isObject(entry)) continue;
    const type = typeof entry.type === 'string' ? entry.type : entry.mediaType;
    const url = typeof entry.url === 'string' ? resolveUrl(entry.url, catalogUrl) : undefined;
    if (type === AI_CATALOG_MEDIA_TYPE && url) nested.push(url);
    if (type !== A2A_AGENT_CARD_MEDIA_TYPE) continue;
    const identifier = typeof entry.identifier === 'string' ? entry.identifier : undefined;
    const data = isObject(entry.data) ? (entry.data as unknown as AgentCard) : undefined;
    if (!identifier || (url === undefined && data === undefined)) continue;
    agents.push({
      identifier,
      displayName: typeof entry.displayName === 'string' ? entry.displayName : identifier,
      ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
      ...(url === undefined ? {} : { url }),
      ...(data === undefined ? {} : { card: data }),
      catalog: catalogUrl,
    });
  }
  return { agents, nested };
}

function resolveUrl(value: string, base: string): string | undefined {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fetches the AI Catalog of a host (`https://example.com` reads `/.well-known/ai-catalog.json`) or at a catalog URL,
 * follows the catalogs it nests (`maxDepth`, each fetched once), and returns the A2A agents listed, in order. Pass
 * an agent's `url` (or `card`) to `createA2AClient({ agent })`.
 *
 * @example
 * const [writer] = await resolveAiCatalog('http://127.0.0.1:4100');
 * const client = await createA2AClient({ agent: writer.url ?? writer.card });
 */
export async function resolveAiCatalog(
  source: string | URL,
  options: ResolveAiCatalogOptions = {},
): Promise<CatalogAgent[]> {
  const maxDepth = options.maxDepth ?? 2;
  const maxAgents = options.maxAgents ?? 1_000;
  const seen = new Set<string>();
  const agents: CatalogAgent[] = [];
  let level = [aiCatalogUrl(source)];
  for (let depth = 0; depth < maxDepth && level.length > 0 && agents.length < maxAgents; depth++) {
    const next: string[] = [];
    for (const url of level) {
      if (seen.has(url)) continue;
      seen.add(url);
      const read = readAiCatalog(await fetchCatalog(url, options), url);
      agents.push(...read.agents.slice(0, maxAgents - agents.length));
      next.push(...read.nested);
    }
    level = next;
  }
  return agents;
}

async function fetchCatalog(url: string, options: ResolveAiCatalogOptions): Promise<unknown> {
  const fetchFn: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const init: RequestInit = { headers: { Accept: 'application/json', ...options.headers } };
  if (options.signal) init.signal = options.signal;
  let response: Response;
  try {
    response = await fetchFn(url, init);
  } catch (error) {
    const code = options.signal?.aborted ? 'ABORTED' : 'NETWORK';
    throw new A2AClientError(code, `Could not fetch the AI Catalog at ${url}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new A2AClientError(
      'PROTOCOL',
      `Fetching the AI Catalog at ${url} failed with HTTP ${response.status}`,
    );
  }
  const text = await readCappedText(
    response,
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    `The AI Catalog at ${url}`,
  );
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new A2AClientError('PROTOCOL', `The AI Catalog at ${url} is not JSON`, { cause: error });
  }
}
