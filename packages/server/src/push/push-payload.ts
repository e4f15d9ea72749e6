import {
  isTerminalState,
  PUSH_JWT_HEADER,
  PUSH_NOTIFICATION_TOKEN_HEADER,
  type StreamResponse,
  translate,
} from '@baton/protocol';
import type { StoredPushConfig } from './push-targets.ts';

/** One webhook POST: headers and JSON body. */
export interface PushRequest {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Whether an event is worth a notification: the initial Task, every status change and every completed
 * artifact (a chunk with `lastChunk: true`, or a whole artifact that does not append). Intermediate
 * streamed chunks and direct Message replies are not sent.
 */
export function isNotifiable(event: StreamResponse): boolean {
  if ('task' in event || 'statusUpdate' in event) return true;
  if ('artifactUpdate' in event) {
    const { append, lastChunk } = event.artifactUpdate;
    return lastChunk === true || (!append && lastChunk === undefined);
  }
  return false;
}

/** Whether a notifiable event leaves the task in a terminal state. */
export function isTerminalEvent(event: StreamResponse): boolean {
  if ('task' in event) return isTerminalState(event.task.status.state);
  return 'statusUpdate' in event && isTerminalState(event.statusUpdate.status.state);
}

/**
 * Where a config's deliveries carry their signed JWT: `Authorization` (as `Bearer <jwt>`) when the config has
 * no `authentication`, or asks for `Bearer` without credentials; otherwise `Authorization` keeps what the
 * client gave and the JWT goes in {@link PUSH_JWT_HEADER}.
 */
export function pushJwtHeader(target: StoredPushConfig): 'Authorization' | typeof PUSH_JWT_HEADER {
  const auth = target.config.authentication;
  if (!auth?.scheme) return 'Authorization';
  return auth.scheme.toLowerCase() === 'bearer' && !auth.credentials ? 'Authorization' : PUSH_JWT_HEADER;
}

/**
 * The POST for one event to one config: the 1.0 `StreamResponse` as `application/a2a+json` for configs
 * registered through 1.0; the bare 0.3 event (with `kind`) as `application/json` for configs registered
 * through 0.3. `Authorization: {scheme} {credentials}` from `authentication` (unless the signed JWT goes
 * there, see {@link pushJwtHeader}); `X-A2A-Notification-Token` when a `token` is set.
 */
export function buildPushRequest(target: StoredPushConfig, event: StreamResponse): PushRequest {
  const v03 = target.version === '0.3';
  const headers: Record<string, string> = {
    'Content-Type': v03 ? 'application/json' : 'application/a2a+json',
  };
  const auth = target.config.authentication;
  if (auth?.scheme && pushJwtHeader(target) !== 'Authorization') {
    headers.Authorization = auth.credentials ? `${auth.scheme} ${auth.credentials}` : auth.scheme;
  }
  if (target.config.token) headers[PUSH_NOTIFICATION_TOKEN_HEADER] = target.config.token;
  const payload = v03 ? translate.streamResponseToV03(event) : event;
  return { headers, body: JSON.stringify(payload) };
}
