import type { JsonValue, Message } from '@baton/protocol';

/** The text parts of a message joined with newlines; `""` when it has none. */
export function messageText(message: Message): string {
  const texts: string[] = [];
  for (const part of message.parts) if ('text' in part) texts.push(part.text);
  return texts.join('\n');
}

/** The value of the message's first data part, or `undefined` when it has none. */
export function messageData(message: Message): JsonValue | undefined {
  for (const part of message.parts) if ('data' in part) return part.data;
  return undefined;
}
