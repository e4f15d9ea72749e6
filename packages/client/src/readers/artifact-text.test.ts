import { describe, expect, it } from 'vitest';
import { artifactText } from './artifact-text.ts';

describe('artifactText', () => {
  it('joins the text parts in order and skips the other parts', () => {
    const artifact = {
      artifactId: 'a1',
      parts: [
        { text: 'Day 1: ' },
        { data: { skip: true } },
        { url: 'https://example.com/x' },
        { text: 'Alfama' },
      ],
    };
    expect(artifactText(artifact)).toBe('Day 1: Alfama');
  });

  it('is empty for an artifact without text', () => {
    expect(artifactText({ artifactId: 'a1', parts: [{ data: 1 }] })).toBe('');
  });
});
