import * as z from 'zod/mini';

/**
 * Runs `prepare` on the input before `schema` reads it (zod/mini has no `z.preprocess`; this is what zod's own
 * preprocess builds: a transform piped into the schema).
 */
export function preprocess<Schema extends z.core.$ZodType>(
  prepare: (input: unknown) => unknown,
  schema: Schema,
) {
  return z.pipe(z.transform(prepare), schema);
}
