import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { protoOneof } from '../wire/proto-oneof.ts';
import { BytesSchema, JsonValueSchema, StructSchema } from '../wire/proto-scalars.ts';

/** The members of `Part`'s `content` oneof; the one present says what kind of part it is. */
export const PART_CONTENT_FIELDS = ['text', 'raw', 'url', 'data'] as const;

const PartFieldsSchema = protoObject(
  {
    text: z.optional(z.string()),
    raw: z.optional(BytesSchema),
    url: z.optional(z.string()),
    data: z.optional(JsonValueSchema),
    metadata: z.optional(StructSchema),
    filename: z.optional(z.string()),
    mediaType: z.optional(z.string()),
  },
  { nullableValueFields: ['data'] },
);

/**
 * One piece of message or artifact content: exactly one of `text`, `raw` (base64 bytes), `url` or `data` (any
 * JSON value, `null` included), plus optional `filename`, `mediaType` and `metadata`.
 */
export const PartSchema = protoOneof(PartFieldsSchema, PART_CONTENT_FIELDS);
/** A part; narrow it with `'text' in part`, `'raw' in part`, `'url' in part` or `'data' in part`. */
export type Part = z.infer<typeof PartSchema>;
