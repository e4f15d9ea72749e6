/**
 * The behaviour contract of the A2A conformance kit (a2aproject/a2a-tck, `scenarios/*.feature`): the kit
 * names the behaviour it wants in the prefix of `message.messageId` and appends its own suffix.
 */

/** What the agent does for one message, as the kit's scenarios describe it. */
export type Behaviour =
  | { readonly kind: 'complete'; readonly text: string }
  | { readonly kind: 'delayed-complete'; readonly text: string }
  | { readonly kind: 'artifact'; readonly artifact: ArtifactKind }
  | { readonly kind: 'message'; readonly text: string }
  | { readonly kind: 'input-required' }
  | { readonly kind: 'reject'; readonly text: string }
  | { readonly kind: 'stream'; readonly artifact: ArtifactKind | undefined }
  | { readonly kind: 'stream-chunked'; readonly chunks: readonly [string, string] }
  | { readonly kind: 'long-running' }
  | { readonly kind: 'echo' };

/** The content of the one artifact a scenario produces. */
export type ArtifactKind =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'file' }
  | { readonly type: 'file-url' }
  | { readonly type: 'data' };

/** One row of the contract: a messageId prefix and its behaviour. */
export interface ContractRow {
  readonly prefix: string;
  readonly behaviour: Behaviour;
}

/** Question asked by the `tck-input-required` scenario. */
export const INPUT_QUESTION = 'Please provide more input to continue.';
/** Text of the file artifact (sent base64-encoded as `raw`). */
export const FILE_CONTENT = 'tck';
/** Name, media type and URL of the file artifacts. */
export const FILE_NAME = 'output.txt';
/** Media type of the file artifacts. */
export const FILE_MEDIA_TYPE = 'text/plain';
/** URL of the `tck-artifact-file-url` artifact. */
export const FILE_URL = 'https://example.com/output.txt';
/** Value of the `tck-artifact-data` artifact's data part. */
export const DATA_VALUE = { key: 'value', count: 42 } as const;

const text = (value: string): ArtifactKind => ({ type: 'text', text: value });

/** Every scenario of the kit's `core_operations.feature` and `streaming.feature`. */
export const CONTRACT: readonly ContractRow[] = [
  { prefix: 'tck-complete-task', behaviour: { kind: 'complete', text: 'Hello from TCK' } },
  { prefix: 'tck-delayed-complete', behaviour: { kind: 'delayed-complete', text: 'Done after delay' } },
  { prefix: 'tck-artifact-text', behaviour: { kind: 'artifact', artifact: text('Generated text content') } },
  { prefix: 'tck-artifact-file', behaviour: { kind: 'artifact', artifact: { type: 'file' } } },
  { prefix: 'tck-artifact-file-url', behaviour: { kind: 'artifact', artifact: { type: 'file-url' } } },
  { prefix: 'tck-artifact-data', behaviour: { kind: 'artifact', artifact: { type: 'data' } } },
  { prefix: 'tck-message-response', behaviour: { kind: 'message', text: 'Direct message response' } },
  { prefix: 'tck-input-required', behaviour: { kind: 'input-required' } },
  { prefix: 'tck-reject-task', behaviour: { kind: 'reject', text: 'rejected' } },
  { prefix: 'tck-stream-001', behaviour: { kind: 'stream', artifact: text('Stream hello from TCK') } },
  { prefix: 'tck-stream-002', behaviour: { kind: 'stream', artifact: undefined } },
  { prefix: 'tck-stream-003', behaviour: { kind: 'stream', artifact: text('Stream task lifecycle') } },
  { prefix: 'tck-stream-ordering-001', behaviour: { kind: 'stream', artifact: text('Ordered output') } },
  {
    prefix: 'tck-stream-artifact-text',
    behaviour: { kind: 'stream', artifact: text('Streamed text content') },
  },
  { prefix: 'tck-stream-artifact-file', behaviour: { kind: 'stream', artifact: { type: 'file' } } },
  {
    prefix: 'tck-stream-artifact-chunked',
    behaviour: { kind: 'stream-chunked', chunks: ['chunk-1 ', 'chunk-2'] },
  },
  { prefix: 'test-resubscribe-message-id', behaviour: { kind: 'long-running' } },
];

const ECHO: Behaviour = { kind: 'echo' };

/** The behaviour for a messageId: the row with the longest matching prefix, else an echo. */
export function behaviourFor(messageId: string): Behaviour {
  let best: ContractRow | undefined;
  for (const row of CONTRACT) {
    if (messageId.startsWith(row.prefix) && (!best || row.prefix.length > best.prefix.length)) best = row;
  }
  return best?.behaviour ?? ECHO;
}
