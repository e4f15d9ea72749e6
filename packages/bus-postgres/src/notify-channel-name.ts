import { createHash } from 'node:crypto';

// PostgreSQL truncates identifiers, channel names included, to 63 bytes.
const MAX_IDENTIFIER_BYTES = 63;

/** The NOTIFY channel of a bus channel: `baton.<channel>`, or a hash of it when that is too long. */
export function notifyChannelName(channel: string): string {
  const name = `baton.${channel}`;
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES) return name;
  return `baton.h.${createHash('sha256').update(channel).digest('hex').slice(0, 48)}`;
}
