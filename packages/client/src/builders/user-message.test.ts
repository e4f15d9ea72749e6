import { MessageSchema } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { dataPart, textPart } from './parts.ts';
import { userMessage } from './user-message.ts';

describe('userMessage', () => {
  it('turns a string into a ROLE_USER message with one text part that parses unchanged', () => {
    const message = userMessage('Plan a trip to Lisbon');
    expect(message).toStrictEqual({
      messageId: message.messageId,
      role: 'ROLE_USER',
      parts: [{ text: 'Plan a trip to Lisbon' }],
    });
    expect(message.messageId).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(MessageSchema.parse(message)).toStrictEqual(message);
  });

  it('gives every message a fresh messageId', () => {
    const ids = new Set(Array.from({ length: 100 }, () => userMessage('hi').messageId));
    expect(ids.size).toBe(100);
  });

  it('takes one part or a list of parts, and copies the list', () => {
    const parts = [textPart('Summarize'), dataPart({ pages: 3 })];
    const message = userMessage(parts);
    expect(message.parts).toStrictEqual([{ text: 'Summarize' }, { data: { pages: 3 } }]);
    expect(message.parts).not.toBe(parts);
    expect(userMessage(dataPart(null)).parts).toStrictEqual([{ data: null }]);
  });

  it('sets every option that is given, and parses', () => {
    const message = userMessage('Yes, book it', {
      taskId: 'task-1',
      contextId: 'ctx-1',
      referenceTaskIds: ['task-0'],
      metadata: { source: 'test' },
      extensions: ['https://example.com/ext/v1'],
    });
    expect(message).toStrictEqual({
      messageId: message.messageId,
      role: 'ROLE_USER',
      parts: [{ text: 'Yes, book it' }],
      taskId: 'task-1',
      contextId: 'ctx-1',
      referenceTaskIds: ['task-0'],
      metadata: { source: 'test' },
      extensions: ['https://example.com/ext/v1'],
    });
    expect(MessageSchema.parse(message)).toStrictEqual(message);
  });

  it('keeps the message id it is given, so the same message can be sent again', () => {
    const first = userMessage('Go on', { messageId: 'run-1:outline:1' });
    expect(first.messageId).toBe('run-1:outline:1');
    expect(userMessage('Go on').messageId).not.toBe(userMessage('Go on').messageId);
  });

  it('rejects an empty list of parts', () => {
    expect(() => userMessage([])).toThrow(new TypeError('userMessage: a message needs at least one part'));
  });
});
