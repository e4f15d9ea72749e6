import * as z from 'zod/mini';
import { isJsonObject } from '../wire/is-json-object.ts';
import { preprocess } from '../wire/preprocess.ts';
import { kindUnionError, withoutNulls } from './json-object.ts';
import { messageObject } from './message.ts';
import { artifactUpdateObject, statusUpdateObject } from './stream-events.ts';
import { taskObject } from './task.ts';

type ResultKind = 'task' | 'message' | 'status-update' | 'artifact-update';

// Recognises a result sent without `kind` by the fields only one of the four objects has.
function kindFromShape(result: Record<string, unknown>): ResultKind | undefined {
  const has = (field: string) => result[field] !== undefined;
  if (has('messageId') && has('role')) return 'message';
  if (has('artifact') && has('taskId')) return 'artifact-update';
  if (has('status') && has('id') && !has('taskId')) return 'task';
  if (has('status') && has('taskId') && !has('id')) return 'status-update';
  return undefined;
}

function withResultKind(allowed: readonly ResultKind[]) {
  return (input: unknown): unknown => {
    const result = withoutNulls(input);
    if (!isJsonObject(result) || result.kind !== undefined) return result;
    const kind = kindFromShape(result);
    return kind !== undefined && allowed.includes(kind) ? { ...result, kind } : result;
  };
}

const SEND_MESSAGE_RESULT_KINDS = ['task', 'message'] as const;

/** The result of `message/send`: a Task or a direct Message, told apart by `kind` (or, without it, by shape). */
export const SendMessageResultSchema = preprocess(
  withResultKind(SEND_MESSAGE_RESULT_KINDS),
  z.discriminatedUnion('kind', [taskObject, messageObject], {
    error: kindUnionError('result', SEND_MESSAGE_RESULT_KINDS),
  }),
);
/** The result of `message/send`. */
export type SendMessageResult = z.infer<typeof SendMessageResultSchema>;

const STREAM_EVENT_KINDS = ['task', 'message', 'status-update', 'artifact-update'] as const;

/**
 * One result of `message/stream` or `tasks/resubscribe` (also a 0.3 push payload): a Task, a Message, a
 * status-update or an artifact-update, told apart by `kind` (or, without it, by shape).
 */
export const StreamEventSchema = preprocess(
  withResultKind(STREAM_EVENT_KINDS),
  z.discriminatedUnion('kind', [taskObject, messageObject, statusUpdateObject, artifactUpdateObject], {
    error: kindUnionError('event', STREAM_EVENT_KINDS),
  }),
);
/** One streamed 0.3 result. */
export type StreamEvent = z.infer<typeof StreamEventSchema>;
