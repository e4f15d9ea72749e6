const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Encodes bytes as standard, padded base64 without `Buffer` or `btoa`, so it runs in every runtime. */
export function encodeBase64(bytes: Uint8Array): string {
  const chunks: string[] = [];
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    chunks.push(
      ALPHABET.charAt(triple >> 18) +
        ALPHABET.charAt((triple >> 12) & 63) +
        ALPHABET.charAt((triple >> 6) & 63) +
        ALPHABET.charAt(triple & 63),
    );
  }
  const remaining = bytes.length - index;
  if (remaining > 0) {
    const first = bytes[index] ?? 0;
    const second = remaining === 2 ? (bytes[index + 1] ?? 0) : 0;
    const pair = (first << 16) | (second << 8);
    chunks.push(
      ALPHABET.charAt(pair >> 18) +
        ALPHABET.charAt((pair >> 12) & 63) +
        (remaining === 2 ? ALPHABET.charAt((pair >> 6) & 63) : '=') +
        '=',
    );
  }
  return chunks.join('');
}
