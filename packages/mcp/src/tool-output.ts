import type { JsonValue, Part } from '@baton/protocol';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The text of a tool result's text content, for a failure's message. */
export function resultText(result: CallToolResult): string {
  return result.content
    .flatMap((item) => (item.type === 'text' ? [item.text] : []))
    .join('\n')
    .trim();
}

/**
 * A tool's result as A2A parts: text as text, images and audio as bytes with their type, embedded resources as
 * their text or bytes, resource links as file URLs, and `structuredContent` as a DataPart.
 */
export function toolResultParts(result: CallToolResult): Part[] {
  const parts: Part[] = [];
  for (const item of result.content) {
    if (item.type === 'text') parts.push({ text: item.text });
    else if (item.type === 'image' || item.type === 'audio')
      parts.push({ raw: item.data, mediaType: item.mimeType });
    else if (item.type === 'resource_link') {
      parts.push({
        url: item.uri,
        filename: item.name,
        ...(item.mimeType ? { mediaType: item.mimeType } : {}),
      });
    } else if (item.type === 'resource') {
      const resource = item.resource;
      const mediaType = resource.mimeType ? { mediaType: resource.mimeType } : {};
      if ('text' in resource && typeof resource.text === 'string')
        parts.push({ text: resource.text, ...mediaType });
      else if ('blob' in resource && typeof resource.blob === 'string')
        parts.push({ raw: resource.blob, ...mediaType });
    }
  }
  // What the MCP SDK parsed from JSON is JSON.
  if (result.structuredContent !== undefined) parts.push({ data: result.structuredContent as JsonValue });
  return parts;
}
