import { describe, expect, it } from 'vitest';
import { readInstruction } from './instruction.ts';

describe('readInstruction', () => {
  it.each([
    ['Summarize this document.', {}],
    ['Summarize this document for beginners.', { audience: 'beginners', plain: true }],
    ['Summarize this for experts in 2 sentences', { audience: 'experts', plain: false, sentences: 2 }],
    ['Make it shorter', { scale: 'shorter' }],
    [
      'More detail, please, for a board of directors.',
      { scale: 'longer', audience: 'a board of directors', plain: false },
    ],
    ['in one sentence', { sentences: 1 }],
    ['Write the document for this outline.', {}],
    [
      'Write the document for this outline. Shorter, for experts.',
      { scale: 'shorter', audience: 'experts', plain: false },
    ],
    ['Redo it with three sections', { sections: 3 }],
    ['in 5 parts, for the board', { sections: 5, audience: 'the board', plain: false }],
    [undefined, {}],
  ])('reads %j', (text, expected) => {
    expect(readInstruction(text)).toEqual(expected);
  });
});
