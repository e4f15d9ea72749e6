import type { Part } from '../../v1/part.ts';
import type * as rest from '../../v03/rest/index.ts';
import type { JsonValue } from '../../wire/proto-scalars.ts';
import { cloneJson, isPlainObject, optional } from '../copy.ts';
import { lossTo03, type TranslateOptions } from '../loss.ts';

/** 0.3 REST part → 1.0: `fileWithBytes` → `raw`, `fileWithUri` → `url`, `data.data` → `data`; lossless. */
export function partFromV03(part: rest.Part): Part {
  if ('text' in part) return { text: part.text };
  if ('data' in part) return { data: cloneJson(part.data.data ?? {}) as JsonValue };
  const mediaType = optional('mediaType', part.file.mimeType);
  return 'fileWithBytes' in part.file
    ? { raw: part.file.fileWithBytes, ...mediaType }
    : { url: part.file.fileWithUri, ...mediaType };
}

/**
 * 1.0 part → 0.3 REST. The 0.3 proto part has no `metadata` and no file name, and no `mediaType` on text or data;
 * a data value that is not an object is wrapped as `{ value }` with no flag to undo it. All reported.
 */
export function partToV03(part: Part, options: TranslateOptions = {}): rest.Part {
  if (part.metadata !== undefined) lossTo03(options, 'metadata', '0.3 REST parts have no metadata; dropped');
  if (part.filename !== undefined) lossTo03(options, 'filename', '0.3 REST parts have no file name; dropped');
  if ('text' in part || 'data' in part) {
    if (part.mediaType !== undefined) {
      lossTo03(
        options,
        'mediaType',
        `0.3 ${'text' in part ? 'text' : 'data'} parts have no mediaType; dropped`,
      );
    }
    if ('text' in part) return { text: part.text };
    if (isPlainObject(part.data)) return { data: { data: cloneJson(part.data) } };
    lossTo03(
      options,
      'data',
      '0.3 data must be an object and REST parts have no metadata to flag a wrap; written as { value }, which reads back as that object',
    );
    return { data: { data: { value: cloneJson(part.data) } } };
  }
  const mimeType = optional('mimeType', part.mediaType);
  return 'raw' in part
    ? { file: { fileWithBytes: part.raw, ...mimeType } }
    : { file: { fileWithUri: part.url, ...mimeType } };
}
