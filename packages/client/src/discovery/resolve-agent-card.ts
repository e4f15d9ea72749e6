import type { AgentCard } from '@baton/protocol';
import { A2AClientError } from '../errors/client-error.ts';
import type { CardVerifier } from './card-verifier.ts';
import { CardNotFound, type FetchCardOptions, type FetchedCard, fetchCardBody } from './fetch-card-body.ts';
import { type AgentCardShape, readAgentCard } from './read-agent-card.ts';

/** Where a card comes from: an agent's base URL, a card URL (path ending in `.json`), or the card itself. */
export type AgentCardSource = string | URL | Readonly<Record<string, unknown>>;

/** Options of {@link resolveAgentCard}. */
export interface ResolveAgentCardOptions extends FetchCardOptions {
  /** Checks the card as received before it is trusted: `requireCardSignature({ keys })` (spec §8.4); off when absent. */
  readonly verify?: CardVerifier;
}

/** A card in its 1.0 form, where it came from, the shape it arrived in and the JSON as received. */
export interface ResolvedAgentCard {
  readonly card: AgentCard;
  /** The card URL it was fetched from; absent for a card passed in directly. */
  readonly url?: string;
  readonly shape: AgentCardShape;
  /** The card JSON exactly as received (what signatures are checked against). */
  readonly raw: unknown;
}

/** The well-known card paths, newest first: `agent-card.json` (since 0.3), then `agent.json` (0.2). */
export const WELL_KNOWN_CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'] as const;

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new A2AClientError('PROTOCOL', `The agent card ${where} is not valid JSON`, { cause: error });
  }
}

function toUrl(source: string | URL): URL {
  try {
    return new URL(source);
  } catch (error) {
    throw new TypeError(`Not an agent card, card URL or base URL: ${String(source)}`, { cause: error });
  }
}

function wellKnownUrl(base: URL, path: string): string {
  const url = new URL(base);
  url.hash = '';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.href;
}

async function fetchFromUrl(source: URL, options: FetchCardOptions): Promise<FetchedCard> {
  if (source.pathname.endsWith('.json')) return fetchCardBody(source.href, options);
  const [primary, fallback] = WELL_KNOWN_CARD_PATHS;
  try {
    return await fetchCardBody(wellKnownUrl(source, primary), options);
  } catch (error) {
    if (!(error instanceof CardNotFound)) throw error;
    return fetchCardBody(wellKnownUrl(source, fallback), options);
  }
}

/**
 * Finds and reads an agent card: from an agent's base URL (`/.well-known/agent-card.json`, falling back to
 * `/.well-known/agent.json` on 404), a card URL, a parsed card or its JSON text. Sends `A2A-Version: 1.0`, honours
 * HTTP caching through `options.cache`, accepts 1.0, 0.3 and hybrid cards and returns the 1.0 form. Throws
 * `A2AClientError`: `PROTOCOL` (malformed card, naming the field; non-2xx), `NETWORK`, `SIGNATURE`.
 *
 * @example
 * const { card } = await resolveAgentCard('https://agent.example', { cache: createCardCache() });
 * const target = selectInterface(card);
 */
export async function resolveAgentCard(
  source: AgentCardSource,
  options: ResolveAgentCardOptions = {},
): Promise<ResolvedAgentCard> {
  let raw: unknown;
  let url: string | undefined;
  if (typeof source === 'string' && source.trimStart().startsWith('{')) {
    raw = parseJson(source, 'passed in');
  } else if (typeof source === 'string' || source instanceof URL) {
    const fetched = await fetchFromUrl(toUrl(source), options);
    url = fetched.url;
    raw = parseJson(fetched.body, `at ${fetched.url}`);
  } else {
    raw = source;
  }
  const { card, shape } = readAgentCard(raw);
  if (options.verify !== undefined) await options.verify(raw);
  return { card, shape, raw, ...(url === undefined ? {} : { url }) };
}
