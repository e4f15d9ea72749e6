import * as z from 'zod/mini';
import { isJsonObject } from '../wire/is-json-object.ts';
import { preprocess } from '../wire/preprocess.ts';
import { Base64Schema } from './base64.ts';
import { jsonObject, kindUnionError, MetadataSchema, withDefaultKind, withoutNulls } from './json-object.ts';

/** A file whose content is sent inline as base64 `bytes`. */
export const FileWithBytesSchema = jsonObject({
  name: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  bytes: Base64Schema,
});
/** A file whose content is sent inline as base64 `bytes`. */
export type FileWithBytes = z.infer<typeof FileWithBytesSchema>;

/** A file whose content is fetched from `uri`. */
export const FileWithUriSchema = jsonObject({
  name: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  uri: z.string(),
});
/** A file whose content is fetched from `uri`. */
export type FileWithUri = z.infer<typeof FileWithUriSchema>;

const fileFields = z.object({
  name: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  bytes: z.optional(Base64Schema),
  uri: z.optional(z.string()),
});

/** The `file` of a file part: exactly one of `bytes` (base64) or `uri`, plus optional `name` and `mimeType`. */
export const FileContentSchema = z.pipe(
  preprocess(withoutNulls, fileFields).check(
    z.superRefine((file, ctx) => {
      if (file.bytes !== undefined && file.uri !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'file has both bytes and uri; send exactly one of them' });
      } else if (file.bytes === undefined && file.uri === undefined) {
        ctx.addIssue({ code: 'custom', message: 'file has neither bytes nor uri; send exactly one of them' });
      }
    }),
  ),
  z.transform(({ bytes, uri, ...common }): FileWithBytes | FileWithUri =>
    bytes !== undefined ? { ...common, bytes } : { ...common, uri: uri ?? '' },
  ),
);
/** The `file` of a file part: inline bytes or a URI. */
export type FileContent = z.infer<typeof FileContentSchema>;

const textPartObject = z.object({
  kind: z.literal('text'),
  text: z.string(),
  metadata: z.optional(MetadataSchema),
});
const filePartObject = z.object({
  kind: z.literal('file'),
  file: FileContentSchema,
  metadata: z.optional(MetadataSchema),
});
const dataPartObject = z.object({
  kind: z.literal('data'),
  data: z.record(z.string(), z.unknown(), { error: 'data must be a JSON object' }),
  metadata: z.optional(MetadataSchema),
});

/** A text part (`kind: "text"`); a missing `kind` is filled in. */
export const TextPartSchema = withDefaultKind('text', textPartObject);
/** A text part. */
export type TextPart = z.infer<typeof TextPartSchema>;

/** A file part (`kind: "file"`); a missing `kind` is filled in. */
export const FilePartSchema = withDefaultKind('file', filePartObject);
/** A file part. */
export type FilePart = z.infer<typeof FilePartSchema>;

/** A structured-data part (`kind: "data"`, `data` is a JSON object in 0.3); a missing `kind` is filled in. */
export const DataPartSchema = withDefaultKind('data', dataPartObject);
/** A structured-data part. */
export type DataPart = z.infer<typeof DataPartSchema>;

const PART_KINDS = ['text', 'file', 'data'] as const;

// A part sent without `kind` is recognised by its one content field (`text`, `file` or `data`).
function withPartKind(input: unknown): unknown {
  const part = withoutNulls(input);
  if (!isJsonObject(part) || part.kind !== undefined) return part;
  const present = PART_KINDS.filter((kind) => part[kind] !== undefined);
  return present.length === 1 ? { ...part, kind: present[0] } : part;
}

/** A message or artifact part, discriminated by `kind`; without `kind`, by which of `text`/`file`/`data` is present. */
export const PartSchema = preprocess(
  withPartKind,
  z.discriminatedUnion('kind', [textPartObject, filePartObject, dataPartObject], {
    error: kindUnionError('part', PART_KINDS),
  }),
);
/** A message or artifact part. */
export type Part = z.infer<typeof PartSchema>;
