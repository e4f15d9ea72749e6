/** Letters and digits only: an id never starts with `-`, which a command line would read as an option. */
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CHAR_CODES = Array.from(ALPHANUMERIC, (char) => char.charCodeAt(0));
const ID_LENGTH = 22;
// Random bytes are drawn in blocks, so an id costs one call to the source every ~150 ids, not one per id.
const POOL_SIZE = 4096;
const pool = new Uint8Array(POOL_SIZE);
let poolOffset = POOL_SIZE;
const codes: number[] = new Array<number>(ID_LENGTH).fill(0);

/**
 * Creates an id for a task, context, message, artifact or push config: 22 letters and digits (about 131 bits)
 * from a cryptographic source (`crypto.getRandomValues`, in Node, browsers, Deno, Bun and Workers alike). Ids
 * are opaque: never parse them, and accept any non-empty string from a peer (spec §3.4: the creator of an object
 * owns its id; UUIDs are only a suggestion).
 *
 * Each character takes the low six bits of a random byte; the two values past the alphabet are skipped, so
 * every character is uniform. The id is made as one string from its character codes: building it a character at
 * a time (as nanoid's `customAlphabet` does) made a tree of 20 partial strings per id, which the task kept alive
 * long enough to be copied into the old generation (100 bytes promoted and 0.3 µs more per id, measured; see
 * docs/benchmarks.md).
 */
export function createId(): string {
  let length = 0;
  while (length < ID_LENGTH) {
    if (poolOffset === POOL_SIZE) {
      globalThis.crypto.getRandomValues(pool);
      poolOffset = 0;
    }
    const sixBits = (pool[poolOffset++] as number) & 63;
    if (sixBits < 62) codes[length++] = CHAR_CODES[sixBits] as number;
  }
  return String.fromCharCode.apply(null, codes);
}
