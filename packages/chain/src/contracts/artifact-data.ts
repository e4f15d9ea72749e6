import {
  A2AError,
  type Artifact,
  fromZodError,
  type JsonValue,
  type Message,
  type Part,
} from '@baton/protocol';
import type { z } from 'zod';

/** A JSON DataPart carrying a contract value (an outline, a document, a summary). */
export function contractPart(value: JsonValue): Part {
  return { data: value, mediaType: 'application/json' };
}

/**
 * Reads the first DataPart of a message or artifact and validates it with the step's contract (`what` names it:
 * `outline`, `document`). Throws an `A2AError` InvalidParams that names it and the offending field, so every boundary between agents is
 * checked and a bad hand-over is a clear error, not a confused agent.
 */
export function readContract<Schema extends z.ZodType>(
  source: Pick<Message, 'parts'> | Pick<Artifact, 'parts'>,
  schema: Schema,
  what: string,
): z.output<Schema> {
  const part = source.parts.find((candidate) => 'data' in candidate);
  if (!part || !('data' in part))
    throw A2AError.invalidParams(`Expected the ${what} as a JSON DataPart; none was sent`);
  const result = schema.safeParse(part.data);
  if (result.success) return result.data;
  const error = fromZodError(result.error);
  throw A2AError.invalidParams(
    error.message.replace(/^Invalid parameters: /, `The ${what} is invalid: `),
    [],
  );
}
