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
  return randomIdFrom(0);
}

/** Characters of a sortable id that carry its time: 62^8 ms is about 6,900 years from 1970. */
const TIME_LENGTH = 8;

/**
 * Creates an id that sorts by the time it was made: 22 letters and digits, the first 8 the milliseconds since
 * 1970 in base 62 (digits, then capitals, then small letters, so byte order is time order), the other 14 random
 * (about 83 bits) as in `createId`. Baton's server names new tasks and contexts with it: a database keeps the
 * ids of the tasks of the last moments on the last pages of each index keyed by task id, instead of one random
 * page per index for every task, and SQLite writes a task in far fewer pages (measured: +55–75 % blocking sends
 * on SQLite, docs/benchmarks.md). It tells its creation time to whoever sees it, as a task's status time does.
 * Ids from peers stay opaque: never parse one.
 */
export function createSortableId(): string {
  let time = Date.now();
  for (let index = TIME_LENGTH - 1; index >= 0; index--) {
    codes[index] = CHAR_CODES[time % 62] as number;
    time = Math.floor(time / 62);
  }
  return randomIdFrom(TIME_LENGTH);
}

/** Fills `codes` from `start` with random characters and makes the id. */
function randomIdFrom(start: number): string {
  let length = start;
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
