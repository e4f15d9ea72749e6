import { A2AError } from '@baton/protocol';

/** Where a listing page ended: the sort key (status time, then write sequence) of its last task. */
export interface PagePosition {
  readonly time: number;
  readonly sequence: number;
}

const PREFIX = 'p1.';

/** Encodes a page position as an opaque, URL-safe `nextPageToken`. */
export function encodePageToken(position: PagePosition): string {
  return `${PREFIX}${position.time.toString(36)}.${position.sequence.toString(36)}`;
}

/** Decodes a `pageToken`; anything this store did not issue rejects with InvalidParams naming the field. */
export function decodePageToken(token: string): PagePosition {
  const match = /^p1\.(-?[0-9a-z]+)\.([0-9a-z]+)$/.exec(token);
  const time = match?.[1] === undefined ? Number.NaN : Number.parseInt(match[1], 36);
  const sequence = match?.[2] === undefined ? Number.NaN : Number.parseInt(match[2], 36);
  if (!Number.isSafeInteger(time) || !Number.isSafeInteger(sequence)) {
    throw A2AError.invalidParams('pageToken is not a token this server issued', [
      { field: 'pageToken', description: 'must be a nextPageToken from an earlier ListTasks response' },
    ]);
  }
  return { time, sequence };
}
