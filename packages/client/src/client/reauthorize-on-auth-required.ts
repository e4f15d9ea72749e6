/**
 * What the client does when an agent's AUTH_REQUIRED asks for a token with more scopes (`IN_TASK_OAUTH_EXTENSION`,
 * spec §7.6.2's "directly fulfill the authorization request"): its OAuth credential gets such a token, and the
 * client replies on the task with it and goes on, for a send and for a stream alike. At most
 * {@link MAX_REAUTHORIZATIONS} per call, so an agent that keeps asking cannot keep the client going round.
 */
import {
  createId,
  IN_TASK_OAUTH_EXTENSION,
  type InTaskOAuthRequest,
  inTaskOAuthRequestOf,
  type SendMessageRequest,
  type SendMessageResponse,
  type StreamResponse,
  type TaskStatus,
} from '@baton/protocol';

/** Step-ups one send or stream makes at most. */
export const MAX_REAUTHORIZATIONS = 2;

/** Gets a token with the scopes asked for; `true` when it did (see `Authenticate.reauthorize`). */
export type Reauthorize = (request: InTaskOAuthRequest) => Promise<boolean>;

interface Asked {
  readonly taskId: string;
  readonly contextId: string | undefined;
  readonly request: InTaskOAuthRequest;
}

function asked(taskId: string, contextId: string | undefined, status: TaskStatus): Asked | undefined {
  const request = inTaskOAuthRequestOf(status);
  return request ? { taskId, contextId, request } : undefined;
}

/** What a stream event or a send's answer asks for, if it is an AUTH_REQUIRED under the extension. */
function askedBy(event: StreamResponse | SendMessageResponse): Asked | undefined {
  if ('task' in event) return asked(event.task.id, event.task.contextId, event.task.status);
  if ('statusUpdate' in event) {
    const update = event.statusUpdate;
    return asked(update.taskId, update.contextId, update.status);
  }
  return undefined;
}

/**
 * The reply on the task, sent with the new token, with the original request's configuration less its precondition
 * (stale by now) and its push config (registered once, by the original).
 */
function replyTo(original: SendMessageRequest, ask: Asked): SendMessageRequest {
  const {
    ifGenerationMatch: _stale,
    taskPushNotificationConfig: _registered,
    ...configuration
  } = original.configuration ?? {};
  return {
    ...(original.tenant === undefined ? {} : { tenant: original.tenant }),
    message: {
      messageId: createId(),
      role: 'ROLE_USER',
      taskId: ask.taskId,
      ...(ask.contextId === undefined ? {} : { contextId: ask.contextId }),
      parts: [{ data: { reauthorized: [...ask.request.requiredScopes] } }],
      extensions: [IN_TASK_OAUTH_EXTENSION],
    },
    ...(original.configuration === undefined ? {} : { configuration }),
  };
}

/** A blocking send that re-authorizes and replies when its answer is a step-up AUTH_REQUIRED. */
export async function sendReauthorizing(
  request: SendMessageRequest,
  send: (request: SendMessageRequest) => Promise<SendMessageResponse>,
  reauthorize: Reauthorize,
): Promise<SendMessageResponse> {
  let response = await send(request);
  for (let round = 0; round < MAX_REAUTHORIZATIONS; round += 1) {
    const ask = askedBy(response);
    if (!ask || !(await reauthorize(ask.request))) break;
    response = await send(replyTo(request, ask));
  }
  return response;
}

/**
 * A stream that re-authorizes and replies when an event is a step-up AUTH_REQUIRED: every event is passed on (the
 * AUTH_REQUIRED too), then the reply's stream follows in the same iteration.
 */
export async function* streamReauthorizing(
  request: SendMessageRequest,
  stream: (request: SendMessageRequest) => AsyncIterable<StreamResponse>,
  reauthorize: Reauthorize,
): AsyncGenerator<StreamResponse, void, undefined> {
  let events = stream(request);
  for (let round = 0; ; round += 1) {
    let ask: Asked | undefined;
    for await (const event of events) {
      yield event;
      ask = round < MAX_REAUTHORIZATIONS ? askedBy(event) : undefined;
      // A server that keeps the stream open during AUTH_REQUIRED (spec §7.6.1) is left here; the reply's stream goes on.
      if (ask) break;
    }
    if (!ask || !(await reauthorize(ask.request))) return;
    events = stream(replyTo(request, ask));
  }
}
