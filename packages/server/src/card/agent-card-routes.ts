import { type AgentCard, toMajorMinor } from '@baton/protocol';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { type CardVariant, cardVariant } from './card-variants.ts';

/** The well-known card paths: `agent-card.json` (since 0.3) and `agent.json` for older clients. */
export const AGENT_CARD_PATHS = ['/.well-known/agent-card.json', '/.well-known/agent.json'] as const;

/** Options for {@link createAgentCardRoutes}. */
export interface AgentCardRoutesOptions {
  /** The 1.0 card for a base URL (the server's public URL, or the one the request came in on). */
  readonly cardFor: (baseUrl: string) => AgentCard;
  /** The configured public base URL; when unset, it is taken from each request (origin + mount path). */
  readonly baseUrl?: string;
  /** Whether 0.3 is served: then clients asking for 0.3 get the 0.3-compatible card. */
  readonly servesV03: boolean;
  /**
   * The card for a request that sends no `A2A-Version`: `'0.3'` (the default when 0.3 is served; the spec reads a
   * missing header as 0.3) or `'1.0'`.
   */
  readonly unversionedCard?: CardVariant;
  /** `Cache-Control: max-age` in seconds. */
  readonly maxAgeSeconds: number;
  /** Changes when what the server serves changes after start (a gRPC port becomes known): cards are rendered again. */
  readonly revision?: () => number;
  /** `Last-Modified` of the card: when the server was configured. */
  readonly lastModified: Date;
  /**
   * Signs a card variant before it is served (JWS, spec §8.4). Each variant is signed as it is served, so the
   * 0.3-compatible card verifies too.
   */
  readonly sign?: (card: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/** One card variant for one base URL, ready to send: its body and every header of a 200 and of a 304. */
interface Rendered {
  readonly body: string;
  readonly etag: string;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  readonly okHeaders: Readonly<Record<string, string>>;
}

// What a GET answer carries for cross-origin readers; the preflight (OPTIONS) is answered by Hono's `cors`.
const CORS_READ_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag,Last-Modified,Cache-Control',
} as const;

async function etagOf(body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = Array.from(new Uint8Array(digest).slice(0, 12), (byte) => byte.toString(16).padStart(2, '0'));
  return `"${hex.join('')}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * The public agent-card routes: both well-known paths, GET/HEAD and CORS preflight, the 1.0 card for
 * `A2A-Version: 1.0` and the 0.3-compatible card otherwise (`Vary: A2A-Version`), with ETag, Last-Modified,
 * Cache-Control and 304 answers to `If-None-Match` / `If-Modified-Since`.
 */
export function createAgentCardRoutes(options: AgentCardRoutesOptions): Hono {
  const app = new Hono();
  // Each variant and base URL is rendered once: the entry is the pending render, then the finished one, so a
  // request for a card already rendered is answered without waiting on a promise.
  const rendered = new Map<string, Rendered | Promise<Rendered>>();
  const baseUrls = new Map<string, string>();
  const lastModified = new Date(Math.floor(options.lastModified.getTime() / 1000) * 1000);
  const lastModifiedHeader = lastModified.toUTCString();
  const cacheControl = `public, max-age=${options.maxAgeSeconds}`;

  const render = async (baseUrl: string, variant: CardVariant): Promise<Rendered> => {
    const card = cardVariant(options.cardFor(baseUrl), variant);
    const body = JSON.stringify(options.sign ? await options.sign(card) : card);
    const etag = await etagOf(body);
    const notModifiedHeaders = {
      ...CORS_READ_HEADERS,
      ETag: etag,
      'Last-Modified': lastModifiedHeader,
      'Cache-Control': cacheControl,
      Vary: 'A2A-Version',
    };
    return {
      body,
      etag,
      notModifiedHeaders,
      okHeaders: { ...notModifiedHeaders, 'Content-Type': 'application/json' },
    };
  };

  const renderedCard = (baseUrl: string, variant: CardVariant): Rendered | Promise<Rendered> => {
    const key = `${options.revision?.() ?? 0} ${variant} ${baseUrl}`;
    const entry = rendered.get(key);
    if (entry) return entry;
    const pending = render(baseUrl, variant);
    pending.then(
      (done) => rendered.get(key) === pending && rendered.set(key, done),
      // A failed signing is retried on the next request.
      () => rendered.get(key) === pending && rendered.delete(key),
    );
    if (rendered.size >= 64) rendered.clear(); // a few origins at most; never grow without bound
    rendered.set(key, pending);
    return pending;
  };

  // The base URL the card advertises when none is configured: the request's origin and mount path.
  const baseUrlOf = (requestUrl: string, path: string): string => {
    const configured = options.baseUrl;
    if (configured !== undefined) return configured;
    let baseUrl = baseUrls.get(requestUrl);
    if (baseUrl === undefined) {
      const url = new URL(requestUrl);
      baseUrl = `${url.origin}${url.pathname.slice(0, -path.length)}`;
      if (baseUrls.size >= 64) baseUrls.clear();
      baseUrls.set(requestUrl, baseUrl);
    }
    return baseUrl;
  };

  for (const path of AGENT_CARD_PATHS) {
    app.options(
      path,
      cors({
        origin: '*',
        allowMethods: ['GET', 'HEAD', 'OPTIONS'],
        allowHeaders: ['A2A-Version', 'If-None-Match', 'If-Modified-Since'],
        exposeHeaders: ['ETag', 'Last-Modified', 'Cache-Control'],
        maxAge: 86400,
      }),
    );
    app.get(path, async (c) => {
      const requested = toMajorMinor(c.req.header('A2A-Version') ?? c.req.query('A2A-Version') ?? '');
      const variant: CardVariant = !options.servesV03
        ? '1.0'
        : requested === undefined
          ? (options.unversionedCard ?? '0.3')
          : requested === '0.3'
            ? '0.3'
            : '1.0';
      const entry = renderedCard(baseUrlOf(c.req.url, path), variant);
      const card = entry instanceof Promise ? await entry : entry;
      const ifNoneMatch = c.req.header('If-None-Match');
      const ifModifiedSince = c.req.header('If-Modified-Since');
      const notModified =
        ifNoneMatch !== undefined
          ? matchesEtag(ifNoneMatch, card.etag)
          : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= lastModified.getTime();
      if (notModified) return new Response(null, { status: 304, headers: card.notModifiedHeaders });
      return new Response(card.body, { status: 200, headers: card.okHeaders });
    });
  }
  return app;
}
