/** A stable 32-bit FNV-1a hash of a string, so the offline generators vary by input yet never by run. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Picks one item of a non-empty list by a seed string (plus an offset to rotate through the list). */
export function stablePick<T>(items: readonly [T, ...T[]], seed: string, offset = 0): T {
  const index = (stableHash(seed) + offset) % items.length;
  return items[index] ?? items[0];
}
