import type { Message } from '../v1/message.ts';
import type { Part } from '../v1/part.ts';
import type { TaskStatus } from '../v1/task.ts';

/**
 * Baton's in-task OAuth step-up (spec §7.6 lets an extension say what an AUTH_REQUIRED asks for): an agent that
 * moves a task to AUTH_REQUIRED because the caller's OAuth token lacks scopes says which, in its status message (the
 * message lists this URI in `extensions` and has a data part `{ "requiredScopes": [...], "securityScheme": name }`).
 * The client gets a token that carries them, from the same authorization server, and sends a follow-up message on
 * the task (with this URI and a data part `{ "reauthorized": [...] }`) with that token: nothing but a token travels,
 * in the call's own `Authorization` header. Not a draft of the A2A specification: Baton's own, and an agent that
 * does not know it still sees a text part saying what is needed.
 */
export const IN_TASK_OAUTH_EXTENSION = 'urn:baton:a2a:in-task-oauth:v1';

/** What an agent asks for when it needs a token with more scopes. */
export interface InTaskOAuthRequest {
  /** The scopes the caller's token must carry. */
  readonly requiredScopes: readonly string[];
  /** The card's security scheme (a key of `securitySchemes`) the token is for, when the agent names one. */
  readonly securityScheme?: string;
}

/** The data part of an agent's status message asking for `request`. */
export function inTaskOAuthRequestPart(request: InTaskOAuthRequest): Part {
  return {
    data: {
      requiredScopes: [...request.requiredScopes],
      ...(request.securityScheme === undefined ? {} : { securityScheme: request.securityScheme }),
    },
  };
}

/**
 * What an AUTH_REQUIRED status asks for under {@link IN_TASK_OAUTH_EXTENSION}: `undefined` for any other state, or a
 * status message that does not use the extension (or says nothing readable).
 */
export function inTaskOAuthRequestOf(status: TaskStatus | undefined): InTaskOAuthRequest | undefined {
  if (status?.state !== 'TASK_STATE_AUTH_REQUIRED') return undefined;
  const message: Message | undefined = status.message;
  if (!message?.extensions?.includes(IN_TASK_OAUTH_EXTENSION)) return undefined;
  for (const part of message.parts) {
    if (
      !('data' in part) ||
      typeof part.data !== 'object' ||
      part.data === null ||
      Array.isArray(part.data)
    ) {
      continue;
    }
    const { requiredScopes, securityScheme } = part.data as Record<string, unknown>;
    if (!Array.isArray(requiredScopes) || !requiredScopes.every((scope) => typeof scope === 'string'))
      continue;
    return {
      requiredScopes: requiredScopes as string[],
      ...(typeof securityScheme === 'string' ? { securityScheme } : {}),
    };
  }
  return undefined;
}
