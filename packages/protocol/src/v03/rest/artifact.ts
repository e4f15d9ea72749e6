import { z } from 'zod';
import { protoObject } from '../../wire/proto-json.ts';
import { MetadataSchema } from '../json-object.ts';
import { PartSchema } from './part.ts';

/** A task output in 0.3 ProtoJSON; an empty `parts` list may be omitted and reads as `[]`. */
export const ArtifactSchema = protoObject({
  artifactId: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  parts: z.array(PartSchema).default([]),
  metadata: MetadataSchema.optional(),
  extensions: z.array(z.string()).optional(),
});
/** A 0.3 REST artifact. */
export type Artifact = z.infer<typeof ArtifactSchema>;
