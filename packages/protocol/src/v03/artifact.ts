import * as z from 'zod/mini';
import { jsonObject, MetadataSchema } from './json-object.ts';
import { PartSchema } from './part.ts';

/** An output of a task (a file, a document, structured data), made of parts. */
export const ArtifactSchema = jsonObject({
  artifactId: z.string(),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  parts: z.array(PartSchema),
  extensions: z.optional(z.array(z.string())),
  metadata: z.optional(MetadataSchema),
});
/** An output of a 0.3 task. */
export type Artifact = z.infer<typeof ArtifactSchema>;
