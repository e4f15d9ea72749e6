import { z } from 'zod';
import { jsonObject, MetadataSchema } from './json-object.ts';
import { PartSchema } from './part.ts';

/** An output of a task (a file, a document, structured data), made of parts. */
export const ArtifactSchema = jsonObject({
  artifactId: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(PartSchema),
  extensions: z.array(z.string()).optional(),
  metadata: MetadataSchema.optional(),
});
/** An output of a 0.3 task. */
export type Artifact = z.infer<typeof ArtifactSchema>;
