import { describe, expect, it } from 'vitest';
import { readSummaryInstruction } from './summary-instruction.ts';

describe('readSummaryInstruction', () => {
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
    [undefined, {}],
  ])('reads %j', (text, expected) => {
    expect(readSummaryInstruction(text)).toEqual(expected);
  });
});
