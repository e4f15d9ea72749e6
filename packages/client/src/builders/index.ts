/** Builders for A2A 1.0 parts and user messages. */
export { encodeBase64 } from './base64.ts';
export {
  type DataPart,
  dataPart,
  type FilePart,
  type FilePartInput,
  filePart,
  type PartExtras,
  type TextPart,
  textPart,
} from './parts.ts';
export { type UserMessageOptions, userMessage } from './user-message.ts';
