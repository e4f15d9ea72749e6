import { nanoid } from 'nanoid';

/**
 * Creates an id for a task, context, message, artifact or push config: 21 URL-safe characters from a
 * cryptographic source. Ids are opaque: never parse them, and accept any non-empty string from a peer
 * (spec §3.4: the creator of an object owns its id; UUIDs are only a suggestion).
 */
export function createId(): string {
  return nanoid();
}
