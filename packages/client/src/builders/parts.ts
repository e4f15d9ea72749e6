import { BytesSchema, type JsonValue, type Part, type Struct } from '@baton/protocol';
import { encodeBase64 } from './base64.ts';

/** A part carrying text. */
export type TextPart = Extract<Part, { text: string }>;
/** A part carrying structured JSON data. */
export type DataPart = Extract<Part, { data: unknown }>;
/** A part carrying a file, inline (`raw`, base64) or by reference (`url`). */
export type FilePart = Extract<Part, { raw: string }> | Extract<Part, { url: string }>;

/** The optional fields every part may carry besides its content. */
export interface PartExtras {
  readonly metadata?: Struct;
  readonly filename?: string;
  readonly mediaType?: string;
}

/** What {@link filePart} takes: the file's bytes or its URL, plus an optional name and media type. */
export type FilePartInput = (
  | { readonly bytes: Uint8Array | string; readonly url?: never }
  | { readonly url: string; readonly bytes?: never }
) &
  PartExtras;

// Copies only the extras that are set, so the part never carries `undefined` fields.
function extrasOf(extras: PartExtras | undefined): PartExtras {
  const out: { metadata?: Struct; filename?: string; mediaType?: string } = {};
  if (extras?.metadata !== undefined) out.metadata = extras.metadata;
  if (extras?.filename !== undefined) out.filename = extras.filename;
  if (extras?.mediaType !== undefined) out.mediaType = extras.mediaType;
  return out;
}

/**
 * Builds a text part.
 *
 * @example
 * textPart('Plan a trip to Lisbon'); // { text: 'Plan a trip to Lisbon' }
 */
export function textPart(text: string, extras?: PartExtras): TextPart {
  return { text, ...extrasOf(extras) };
}

/** Builds a data part around any JSON value (`null` included). */
export function dataPart(value: JsonValue, extras?: PartExtras): DataPart {
  return { data: value, ...extrasOf(extras) };
}

/**
 * Builds a file part: `bytes` (a `Uint8Array`, or a string that is already base64) become base64 `raw`;
 * `url` points at the file. Throws a `TypeError` for a string that is not base64 or for neither/both.
 *
 * @example
 * filePart({ bytes: new TextEncoder().encode('hi'), filename: 'hi.txt', mediaType: 'text/plain' });
 */
export function filePart(input: FilePartInput): FilePart {
  const extras = extrasOf(input);
  if (input.bytes !== undefined && input.url === undefined) {
    if (typeof input.bytes !== 'string') return { raw: encodeBase64(input.bytes), ...extras };
    if (!BytesSchema.safeParse(input.bytes).success) {
      throw new TypeError('filePart: bytes given as a string must be base64');
    }
    return { raw: input.bytes, ...extras };
  }
  if (input.url !== undefined && input.bytes === undefined) return { url: input.url, ...extras };
  throw new TypeError('filePart: give exactly one of bytes or url');
}
