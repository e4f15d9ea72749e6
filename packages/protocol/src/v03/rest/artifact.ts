import * as z from 'zod/mini';
import { protoObject } from '../../wire/proto-json.ts';
import { MetadataSchema } from '../json-object.ts';
import { PartSchema } from './part.ts';

/** A task output in 0.3 ProtoJSON; an empty `parts` list may be omitted and reads as `[]`. */
export const ArtifactSchema = protoObject({
  artifactId: z.string(),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  parts: z._default(z.array(PartSchema), []),
  metadata: z.optional(MetadataSchema),
  extensions: z.optional(z.array(z.string())),
});
/** A 0.3 REST artifact. */
export type Artifact = z.infer<typeof ArtifactSchema>;
