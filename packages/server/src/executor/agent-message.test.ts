import { describe, expect, it } from 'vitest';
import { createAgentMessage, toParts } from './agent-message.ts';

describe('createAgentMessage', () => {
  it('turns text into an agent message with a fresh id and the task ids', () => {
    const message = createAgentMessage('hi', { taskId: 't', contextId: 'c' });
    expect(message).toMatchObject({
      role: 'ROLE_AGENT',
      parts: [{ text: 'hi' }],
      taskId: 't',
      contextId: 'c',
    });
    expect(message.messageId).toMatch(/^[\w-]{10,}$/);
    expect(createAgentMessage('hi', { contextId: 'c' }).messageId).not.toBe(message.messageId);
  });

  it('leaves taskId out when there is no task', () => {
    expect(createAgentMessage('hi', { contextId: 'c' })).not.toHaveProperty('taskId');
  });

  it('keeps a given message id and extra fields, but forces the role and the ids', () => {
    const message = createAgentMessage(
      { messageId: 'm1', role: 'ROLE_USER', parts: [{ data: 1 }], metadata: { k: 'v' }, taskId: 'other' },
      { taskId: 't', contextId: 'c' },
    );
    expect(message).toEqual({
      messageId: 'm1',
      role: 'ROLE_AGENT',
      parts: [{ data: 1 }],
      metadata: { k: 'v' },
      taskId: 't',
      contextId: 'c',
    });
  });

  it('copies a part list instead of sharing it', () => {
    const parts = [{ text: 'a' }];
    const message = createAgentMessage(parts, { contextId: 'c' });
    parts.push({ text: 'b' });
    expect(message.parts).toEqual([{ text: 'a' }]);
  });
});

describe('toParts', () => {
  it('accepts text, one part or several', () => {
    expect(toParts('x')).toEqual([{ text: 'x' }]);
    expect(toParts({ url: 'https://example.com/a.pdf' })).toEqual([{ url: 'https://example.com/a.pdf' }]);
    expect(toParts([{ text: 'a' }, { data: null }])).toEqual([{ text: 'a' }, { data: null }]);
  });
});
