import * as z from 'zod/mini';
import { protoObject } from '../../wire/proto-json.ts';
import { protoOneof } from '../../wire/proto-oneof.ts';
import { BytesSchema } from '../../wire/proto-scalars.ts';
import { MetadataSchema } from '../json-object.ts';

/** The members of `FilePart`'s `file` oneof. */
export const FILE_PART_FIELDS = ['fileWithUri', 'fileWithBytes'] as const;

/** A file in 0.3 ProtoJSON: exactly one of `fileWithUri` or `fileWithBytes` (base64), plus `mimeType`. */
export const FilePartSchema = protoOneof(
  protoObject({
    fileWithUri: z.optional(z.string()),
    fileWithBytes: z.optional(BytesSchema),
    mimeType: z.optional(z.string()),
  }),
  FILE_PART_FIELDS,
);
/** A 0.3 REST file; narrow it with `'fileWithUri' in file`. */
export type FilePart = z.infer<typeof FilePartSchema>;

/** Structured data in 0.3 ProtoJSON: the object sits one level down, in `data.data`. */
export const DataPartSchema = protoObject({
  data: z.optional(MetadataSchema),
});
/** A 0.3 REST data part body. */
export type DataPart = z.infer<typeof DataPartSchema>;

/** The members of `Part`'s `part` oneof. */
export const PART_FIELDS = ['text', 'file', 'data'] as const;

/** A message or artifact part in 0.3 ProtoJSON: exactly one of `text`, `file` or `data` (no `kind`). */
export const PartSchema = protoOneof(
  protoObject({
    text: z.optional(z.string()),
    file: z.optional(FilePartSchema),
    data: z.optional(DataPartSchema),
  }),
  PART_FIELDS,
);
/** A 0.3 REST part; narrow it with `'text' in part`, `'file' in part` or `'data' in part`. */
export type Part = z.infer<typeof PartSchema>;
