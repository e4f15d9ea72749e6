import { DocumentSchema } from '@baton/chain';
import { describe, expect, it } from 'vitest';
import { documentFromText } from './document-from-text.ts';

describe('documentFromText', () => {
  it('takes the title from the first markdown heading and keeps the text whole', () => {
    const document = documentFromText('\n# Bees\n\nBees pollinate crops. They live in hives.\n');
    expect(DocumentSchema.parse(document)).toEqual({
      title: 'Bees',
      sections: [{ heading: 'Bees', markdown: '# Bees\n\nBees pollinate crops. They live in hives.' }],
      markdown: '# Bees\n\nBees pollinate crops. They live in hives.\n',
      wordCount: 8,
    });
  });

  it('takes the title from the first line of plain text, shortened at a word', () => {
    const line =
      'Honey bees pollinate about a third of the crops that people all over the world eat every day.';
    const { title } = documentFromText(`${line}\nMore text.`);
    expect(title).toBe('Honey bees pollinate about a third of the crops that people…');
    expect(documentFromText('Short note. Two sentences.').title).toBe('Short note. Two sentences.');
  });
});
