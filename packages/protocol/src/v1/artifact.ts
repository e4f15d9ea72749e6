import { z } from 'zod';
import { protoObject } from '../wire/proto-json.ts';
import { RequiredStringSchema, StructSchema } from '../wire/proto-scalars.ts';
import { PartSchema } from './part.ts';

/** An output of a task, made of at least one part; `artifactId` is unique within its task. */
export const ArtifactSchema = protoObject({
  artifactId: RequiredStringSchema,
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(PartSchema).min(1, { error: 'must contain at least one part' }),
  metadata: StructSchema.optional(),
  extensions: z.array(z.string()).optional(),
});
/** An artifact. */
export type Artifact = z.infer<typeof ArtifactSchema>;
