import { A2A_MEDIA_TYPE, JSON_MEDIA_TYPE, type ProtocolVersion } from '@baton/protocol';
import { mediaTypeOf } from '../binding/index.ts';

/** The media type of a JSON response body: `application/a2a+json` or `application/json`. */
export type JsonResponseMediaType = typeof A2A_MEDIA_TYPE | typeof JSON_MEDIA_TYPE;

interface MediaRange {
  readonly type: string;
  readonly quality: number;
}

function parseAccept(accept: string): MediaRange[] {
  return accept.split(',').map((entry) => {
    const [type = '', ...parameters] = entry.split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    return { type: type.trim().toLowerCase(), quality: Number.isNaN(quality) ? 1 : quality };
  });
}

// The quality the most specific matching range gives `type` (exact, then `application/*`, then `*/*`).
function qualityOf(ranges: readonly MediaRange[], type: string): number {
  for (const candidate of [type, `${type.split('/')[0]}/*`, '*/*']) {
    const range = ranges.find((r) => r.type === candidate);
    if (range) return range.quality;
  }
  return 0;
}

/**
 * The media type of a JSON response. 0.3 always gets `application/json`. 1.0 gets `application/a2a+json` (spec
 * §11.1) when the client names it in `Accept`, or sent its body as `application/a2a+json` and accepts it (no
 * `Accept`, or a wildcard that covers it); otherwise `application/json`, which conformance kits and generic HTTP
 * clients (`Accept: *\/*`) expect. A client is never refused for its `Accept`: JSON is all this binding writes.
 */
export function responseMediaType(request: Request, version: ProtocolVersion): JsonResponseMediaType {
  if (version === '0.3') return JSON_MEDIA_TYPE;
  const accept = request.headers.get('Accept');
  const ranges = accept === null ? [] : parseAccept(accept);
  if (ranges.some((range) => range.type === A2A_MEDIA_TYPE && range.quality > 0)) return A2A_MEDIA_TYPE;
  const contentType = request.headers.get('Content-Type');
  const sentA2a = contentType !== null && mediaTypeOf(contentType) === A2A_MEDIA_TYPE;
  const acceptsA2a = accept === null || qualityOf(ranges, A2A_MEDIA_TYPE) > 0;
  return sentA2a && acceptsA2a ? A2A_MEDIA_TYPE : JSON_MEDIA_TYPE;
}
