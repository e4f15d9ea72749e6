import type { Part } from '../../v1/part.ts';
import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import { cloneJson, optional } from '../copy.ts';
import { at, lossTo03, type TranslateOptions } from '../loss.ts';
import * as jsonRpc from '../parts.ts';
import { composeToV03 } from './compose.ts';

/**
 * 0.3 REST part → 0.3 JSON-RPC: `fileWithUri`/`fileWithBytes` → `file.uri`/`file.bytes`, `data.data` → `data`
 * (absent: `{}`, the empty object ProtoJSON leaves out); URL-safe base64 is written in the standard alphabet
 * JSON-RPC takes (same bytes). Lossless.
 */
export function partToJsonRpc(part: rest.Part): v03.Part {
  if ('text' in part) return { kind: 'text', text: part.text };
  if ('data' in part) return { kind: 'data', data: cloneJson(part.data.data ?? {}) };
  const mimeType = optional('mimeType', part.file.mimeType);
  if ('fileWithUri' in part.file) return { kind: 'file', file: { uri: part.file.fileWithUri, ...mimeType } };
  const bytes = part.file.fileWithBytes.replaceAll('-', '+').replaceAll('_', '/');
  return { kind: 'file', file: { bytes, ...mimeType } };
}

function metadataLoss(part: v03.Part): string {
  const wrapped = part.kind === 'data' && part.metadata?.[jsonRpc.DATA_PART_COMPAT_FLAG] === true;
  return wrapped
    ? `0.3 REST parts have no metadata; dropped with its ${jsonRpc.DATA_PART_COMPAT_FLAG} flag, so the { value } wrap reads back as that object`
    : '0.3 REST parts have no metadata; dropped';
}

/** 0.3 JSON-RPC part → 0.3 REST; the 0.3 proto part has no `metadata` and its file no `name` (both reported). */
export function partFromJsonRpc(part: v03.Part, options: TranslateOptions = {}): rest.Part {
  if (part.metadata !== undefined) lossTo03(options, 'metadata', metadataLoss(part));
  if (part.kind === 'text') return { text: part.text };
  if (part.kind === 'data') return { data: { data: cloneJson(part.data) } };
  const file = part.file;
  if (file.name !== undefined)
    lossTo03(at(options, 'file'), 'name', '0.3 REST parts have no file name; dropped');
  const mimeType = optional('mimeType', file.mimeType);
  return 'bytes' in file
    ? { file: { fileWithBytes: file.bytes, ...mimeType } }
    : { file: { fileWithUri: file.uri, ...mimeType } };
}

/** 0.3 REST part → 1.0: {@link partToJsonRpc}, then the JSON-RPC `partFromV03`; lossless. */
export function partFromV03(part: rest.Part): Part {
  return jsonRpc.partFromV03(partToJsonRpc(part));
}

/** 1.0 part → 0.3 REST: the JSON-RPC `partToV03`, then {@link partFromJsonRpc}; both report their losses. */
export const partToV03 = composeToV03(jsonRpc.partToV03, partFromJsonRpc);
