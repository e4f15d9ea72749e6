import { assembleDocument, type Outline } from '@baton/chain';
import { describe, expect, it } from 'vitest';
import { reviewDocument } from './review-document.ts';

const outline = {
  title: 'Glaciers',
  topic: 'glaciers',
  sections: [
    { heading: 'How they form', points: ['Snow compacts into firn'] },
    { heading: 'How they move', points: ['Basal sliding over meltwater'] },
  ],
} satisfies Outline;

const develop = (sentence: string) =>
  `${sentence} ${'It matters for every valley it reaches over the years.'}`;

describe('reviewDocument', () => {
  it('passes a document whose sections are all there, developed, and cover their points', () => {
    const document = assembleDocument('Glaciers', [
      { heading: 'How they form', markdown: develop('Snow compacts into firn, then ice.') },
      { heading: 'How they move', markdown: develop('Meltwater lets the ice slide at its base.') },
    ]);
    expect(reviewDocument(outline, document)).toEqual({ verdict: 'pass', rewrite: [], notes: [] });
  });

  it('fails with the sections to rewrite, each with what it lacks, ready for baton.section', () => {
    const document = assembleDocument('Glaciers', [
      { heading: 'How they form', markdown: develop('Cold places collect a great deal of weather.') },
    ]);
    const review = reviewDocument(outline, document);
    expect(review.verdict).toBe('fail');
    expect(review.rewrite).toEqual([
      {
        heading: 'How they form',
        points: ['Snow compacts into firn'],
        note: 'Rewrite this section: cover: Snow compacts into firn.',
      },
      {
        heading: 'How they move',
        points: ['Basal sliding over meltwater'],
        note: 'Rewrite this section: the section is missing.',
      },
    ]);
    expect(review.notes).toHaveLength(2);
  });

  it('asks to develop a section too short to say anything', () => {
    const document = assembleDocument('Glaciers', [
      { heading: 'How they form', markdown: 'Snow becomes firn.' },
      { heading: 'How they move', markdown: develop('Meltwater helps basal sliding.') },
    ]);
    expect(reviewDocument(outline, document).rewrite.map((section) => section.note)).toEqual([
      'Rewrite this section: it has 3 words; develop it.',
    ]);
  });
});
