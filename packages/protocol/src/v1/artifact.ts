import * as z from 'zod/mini';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { PartSchema } from './part.ts';

/** An output of a task, made of at least one part; `artifactId` is unique within its task. */
export const ArtifactSchema = protoObject({
  artifactId: RequiredStringSchema,
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  parts: z.array(PartSchema).check(z.minLength(1, { error: 'must contain at least one part' })),
  metadata: z.optional(StructSchema),
  extensions: z.optional(z.array(z.string())),
});
/** An artifact. */
export type Artifact = z.infer<typeof ArtifactSchema>;
