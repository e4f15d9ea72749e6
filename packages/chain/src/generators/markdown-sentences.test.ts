import { describe, expect, it } from 'vitest';
import { splitMarkdownSentences, splitSentences } from './markdown-sentences.ts';

describe('splitSentences', () => {
  it.each([
    [
      'Dr. Smith arrived at 3.30 p.m. on Monday. He left early.',
      ['Dr. Smith arrived at 3.30 p.m. on Monday.', 'He left early.'],
    ],
    [
      'The U.S. economy grew, e.g. in Q3. Prices rose.',
      ['The U.S. economy grew, e.g. in Q3.', 'Prices rose.'],
    ],
    ['J. R. R. Tolkien wrote it. Really? Yes!', ['J. R. R. Tolkien wrote it.', 'Really?', 'Yes!']],
    ['"Stop," she said. "Now." Then silence.', ['"Stop," she said.', '"Now."', 'Then silence.']],
    ['茶は中国から来た。日本にも広まった。', ['茶は中国から来た。', '日本にも広まった。']],
    ['Version 2.0 shipped. It was late...', ['Version 2.0 shipped.', 'It was late...']],
  ])('splits %j', (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });
});

describe('splitMarkdownSentences', () => {
  it('tracks headings, splits list items, skips code and strips inline markup', () => {
    const markdown = [
      '# Title',
      'Intro sentence one. Intro **two** with a [link](https://example.com).',
      '## Setup',
      '- Install the `cli` tool',
      '- Run it',
      '```sh',
      'echo "not prose. Not at all."',
      '```',
      '> Quoted advice is still prose.',
    ].join('\n');
    expect(splitMarkdownSentences(markdown).map(({ text, section }) => [section, text])).toEqual([
      ['Title', 'Intro sentence one.'],
      ['Title', 'Intro two with a link.'],
      ['Setup', 'Install the cli tool'],
      ['Setup', 'Run it'],
      ['Setup', 'Quoted advice is still prose.'],
    ]);
  });
});
