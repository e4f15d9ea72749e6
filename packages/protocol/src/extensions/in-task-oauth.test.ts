import { describe, expect, it } from 'vitest';
import type { TaskStatus } from '../v1/task.ts';
import { IN_TASK_OAUTH_EXTENSION, inTaskOAuthRequestOf, inTaskOAuthRequestPart } from './in-task-oauth.ts';

const asking = (
  parts: TaskStatus['message'] extends infer M ? (M extends { parts: infer P } ? P : never) : never,
) =>
  ({
    state: 'TASK_STATE_AUTH_REQUIRED',
    message: {
      messageId: 'm1',
      role: 'ROLE_AGENT',
      parts,
      extensions: [IN_TASK_OAUTH_EXTENSION],
    },
  }) as TaskStatus;

describe('in-task OAuth step-up', () => {
  it('reads back what an agent asks for', () => {
    const status = asking([
      { text: 'Publishing needs the docs:publish scope' },
      inTaskOAuthRequestPart({ requiredScopes: ['docs:publish'], securityScheme: 'oauth' }),
    ]);
    expect(inTaskOAuthRequestOf(status)).toEqual({
      requiredScopes: ['docs:publish'],
      securityScheme: 'oauth',
    });
  });

  it('reads nothing from another state, a message without the extension, or a malformed part', () => {
    const part = inTaskOAuthRequestPart({ requiredScopes: ['a'] });
    expect(inTaskOAuthRequestOf({ ...asking([part]), state: 'TASK_STATE_INPUT_REQUIRED' })).toBeUndefined();
    const plain = asking([part]);
    expect(
      inTaskOAuthRequestOf({
        ...plain,
        message: { ...(plain.message as NonNullable<TaskStatus['message']>), extensions: [] },
      }),
    ).toBeUndefined();
    expect(inTaskOAuthRequestOf(asking([{ data: { requiredScopes: [1, 2] } }]))).toBeUndefined();
    expect(inTaskOAuthRequestOf(asking([{ data: ['requiredScopes'] }]))).toBeUndefined();
    expect(inTaskOAuthRequestOf(undefined)).toBeUndefined();
  });
});
