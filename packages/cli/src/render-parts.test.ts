import { describe, expect, it } from 'vitest';
import { renderData, renderParts } from './render-parts.ts';

describe('renderParts', () => {
  it('shows an outline DataPart as indented lines a person reads', () => {
    const outline = {
      title: 'The history of tea: an overview',
      audience: 'general readers',
      sections: [
        { heading: 'Origins', points: ['Yunnan', 'Shen Nong'] },
        { heading: 'Trade', points: [] },
      ],
      sectionCount: 2,
    };
    expect(renderParts([{ data: outline }])).toBe(
      [
        'title: The history of tea: an overview',
        'audience: general readers',
        'sections:',
        '  - heading: Origins',
        '    points:',
        '      - Yunnan',
        '      - Shen Nong',
        '  - heading: Trade',
        '    points:',
        '      []',
        'sectionCount: 2',
        '',
      ].join('\n'),
    );
  });

  it('keeps text as it streams, and puts data and files on lines of their own', () => {
    expect(
      renderParts([
        { text: 'Done: ' },
        { data: { ok: true } },
        { url: 'https://x.example/a.pdf', mediaType: 'application/pdf' },
      ]),
    ).toBe('Done: \nok: true\n[file application/pdf at https://x.example/a.pdf]\n');
    expect(renderParts([{ text: 'chunk one ' }, { text: 'chunk two' }])).toBe('chunk one chunk two');
  });

  it('quotes what would read ambiguously: strings with line breaks, null, empty objects', () => {
    expect(renderData({ note: 'two\nlines', missing: null, empty: {} })).toBe(
      'note: "two\\nlines"\nmissing: null\nempty:\n  {}',
    );
  });
});
