import type { Part } from '../v1/part.ts';
import type * as v03 from '../v03/index.ts';
import { isJsonObject } from '../wire/is-json-object.ts';
import type { JsonValue, Struct } from '../wire/proto-scalars.ts';
import { cloneJson, optional, optionalCopy } from './copy.ts';
import { at, lossTo03, type TranslateOptions } from './loss.ts';

/**
 * Metadata flag of the a2a-js / a2a-python convention for a 1.0 `data` value that is not an object: 0.3 carries
 * it as `{ value: <original> }` with `metadata.data_part_compat: true`, and the reader unwraps it.
 */
export const DATA_PART_COMPAT_FLAG = 'data_part_compat';

// A 0.3 data part written by the wrap convention: flag set, `data` is exactly `{ value }`, value not an object.
function isCompatWrap(data: Record<string, unknown>, metadata: Record<string, unknown> | undefined): boolean {
  const keys = Object.keys(data);
  return (
    metadata?.[DATA_PART_COMPAT_FLAG] === true &&
    keys.length === 1 &&
    keys[0] === 'value' &&
    !isJsonObject(data.value)
  );
}

function withoutFlag(metadata: Record<string, unknown>): Struct | undefined {
  const rest = cloneJson(metadata);
  delete rest[DATA_PART_COMPAT_FLAG];
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** 0.3 part → 1.0: `file.bytes` → `raw`, `file.uri` → `url`, `name` → `filename`, `mimeType` → `mediaType`. */
export function partFromV03(part: v03.Part): Part {
  switch (part.kind) {
    case 'text':
      return { text: part.text, ...optionalCopy('metadata', part.metadata) };
    case 'file': {
      const common = {
        ...optionalCopy('metadata', part.metadata),
        ...optional('filename', part.file.name),
        ...optional('mediaType', part.file.mimeType),
      };
      return 'bytes' in part.file ? { raw: part.file.bytes, ...common } : { url: part.file.uri, ...common };
    }
    case 'data': {
      if (isCompatWrap(part.data, part.metadata)) {
        const metadata = part.metadata === undefined ? undefined : withoutFlag(part.metadata);
        return { data: cloneJson(part.data.value as JsonValue), ...optional('metadata', metadata) };
      }
      return { data: cloneJson(part.data) as JsonValue, ...optionalCopy('metadata', part.metadata) };
    }
  }
}

// 0.3 file bytes use the standard base64 alphabet; 1.0 `bytes` may arrive URL-safe. Same bytes either way.
function standardBase64(raw: string): string {
  return raw.replaceAll('-', '+').replaceAll('_', '/');
}

function dropFileFields(part: Part, kind: string, options: TranslateOptions): void {
  for (const field of ['filename', 'mediaType'] as const) {
    if (part[field] !== undefined) {
      lossTo03(options, field, `0.3 ${kind} parts have no ${field}; dropped`);
    }
  }
}

function dataPartToV03(part: Extract<Part, { data: unknown }>, options: TranslateOptions): v03.Part {
  dropFileFields(part, 'data', options);
  const flagged = part.metadata !== undefined && DATA_PART_COMPAT_FLAG in part.metadata;
  if (isJsonObject(part.data)) {
    if (part.metadata !== undefined && isCompatWrap(part.data, part.metadata)) {
      lossTo03(
        options,
        'metadata',
        `data ${JSON.stringify(part.data)} with ${DATA_PART_COMPAT_FLAG}: true reads back as the wrapped value; sent as is`,
      );
    }
    return { kind: 'data', data: cloneJson(part.data), ...optionalCopy('metadata', part.metadata) };
  }
  lossTo03(
    options,
    'data',
    `0.3 data must be an object; the ${part.data === null ? 'null' : Array.isArray(part.data) ? 'array' : typeof part.data} is wrapped as { value } with metadata.${DATA_PART_COMPAT_FLAG}: true (a2a-js/a2a-python convention, unwrapped on the way back)`,
  );
  if (flagged) {
    lossTo03(
      at(options, 'metadata'),
      DATA_PART_COMPAT_FLAG,
      'is reserved by the data wrap convention; overwritten with true and removed on the way back',
    );
  }
  const metadata = { ...cloneJson(part.metadata ?? {}), [DATA_PART_COMPAT_FLAG]: true };
  return { kind: 'data', data: { value: cloneJson(part.data) }, metadata };
}

/**
 * 1.0 part → 0.3. `raw`/`url` become a file part; `filename`/`mediaType` on a text or data part are dropped; a data
 * value that is not an object is wrapped (see {@link DATA_PART_COMPAT_FLAG}).
 */
export function partToV03(part: Part, options: TranslateOptions = {}): v03.Part {
  if ('text' in part) {
    dropFileFields(part, 'text', options);
    return { kind: 'text', text: part.text, ...optionalCopy('metadata', part.metadata) };
  }
  if ('data' in part) return dataPartToV03(part, options);
  const described = { ...optional('name', part.filename), ...optional('mimeType', part.mediaType) };
  const file: v03.FileContent =
    'raw' in part ? { bytes: standardBase64(part.raw), ...described } : { uri: part.url, ...described };
  return { kind: 'file', file, ...optionalCopy('metadata', part.metadata) };
}
