import { customAlphabet } from 'nanoid';

/** Letters and digits only: an id never starts with `-`, which a command line would read as an option. */
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const makeId = customAlphabet(ALPHANUMERIC, 22);

/**
 * Creates an id for a task, context, message, artifact or push config: 22 letters and digits (about 131 bits)
 * from a cryptographic source. Ids are opaque: never parse them, and accept any non-empty string from a peer
 * (spec §3.4: the creator of an object owns its id; UUIDs are only a suggestion).
 */
export function createId(): string {
  return makeId();
}
