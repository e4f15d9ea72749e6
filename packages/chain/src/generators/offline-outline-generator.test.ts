import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Outline, OutlineSchema } from '../contracts/outline.ts';
import { loadKnowledgeSource } from '../knowledge/knowledge-source.ts';
import { buildOfflineOutline, createOfflineOutlineGenerator } from './offline-outline-generator.ts';

const signal = new AbortController().signal;
const source = await loadKnowledgeSource();
const outlineOf = (topic: string, options: Parameters<typeof buildOfflineOutline>[1] = {}) =>
  buildOfflineOutline(topic, options, source);

describe('createOfflineOutlineGenerator', () => {
  it('gives the same outline for the same input', async () => {
    const generator = createOfflineOutlineGenerator();
    const input = { topic: 'The history of tea', options: { audience: 'Go developers' }, signal };
    expect(await generator.outline(input)).toEqual(await generator.outline(input));
  });

  it('outlines what the source knows: what the subject is, its kinds, what it is made of', () => {
    const outline = outlineOf('The history of tea');
    expect(outline.title).toMatch(/the history of tea/i);
    expect(outline.sections.map((section) => section.heading)).toEqual([
      'What tea is',
      'Kinds of tea',
      'What tea is made of and part of',
      'The history of tea',
    ]);
    expect(outline.sections[0]?.points[0]).toBe('Tea is a beverage made by steeping tea leaves in water.');
    expect(outline.sections[2]?.points.join(' ')).toMatch(/caffeine/i);
  });

  it('says in one line what it cannot tell, as the last section', () => {
    const outline = outlineOf('The history of coffee', { length: 'short' });
    expect(outline.sections).toHaveLength(3);
    expect(outline.sections.at(-1)).toEqual({
      heading: 'The history of coffee',
      points: [expect.stringMatching(/^The history of coffee is beyond this offline text: .*WordNet/)],
    });
  });

  it('grows with the requested length, up to what the source knows', () => {
    const size = (length: 'short' | 'medium' | 'long') =>
      outlineOf('coffee', { length }).sections.flatMap((section) => section.points).length;
    expect(size('short')).toBeLessThan(size('medium'));
    expect(size('medium')).toBeLessThan(size('long'));
  });

  it('carries the topic and audience', () => {
    const outline = outlineOf('  sourdough\n baking ', { audience: 'home cooks', sections: 2 });
    expect(outline.topic).toBe('sourdough baking');
    expect(outline.audience).toBe('home cooks');
    expect(outline.sections).toHaveLength(2);
  });

  it('gives a topic the source does not know one section saying so, not padding', () => {
    const outline = outlineOf('Kubernetes networking', { length: 'long' });
    expect(outline.title).toBe('Kubernetes networking');
    expect(outline.sections).toEqual([
      {
        heading: 'What the offline source knows',
        points: [expect.stringMatching(/has no entry for “Kubernetes networking”.*BATON_LLM_BASE_URL/)],
      },
    ]);
  });

  it('always honours the contract and never exceeds the section count, for any topic string', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom('tea', 'The history of jazz', 'chess openings', 'honey'),
        ),
        fc.record(
          {
            audience: fc.string({ minLength: 1, maxLength: 200 }),
            length: fc.constantFrom('short' as const, 'medium' as const, 'long' as const),
            sections: fc.integer({ min: 1, max: 12 }),
          },
          { requiredKeys: [] },
        ),
        (topic, options) => {
          const outline = OutlineSchema.parse(outlineOf(topic, options));
          if (options.sections !== undefined) {
            expect(outline.sections.length).toBeLessThanOrEqual(options.sections);
          }
          expect(outlineOf(topic, options)).toEqual(outline);
        },
      ),
      { numRuns: 150 },
    );
  }, 30_000);

  it('shortens a very long topic in its title without splitting characters', () => {
    const topic = `tea ${'🍵'.repeat(200)}`;
    const outline = outlineOf(topic);
    expect(outline.topic).toBe(topic);
    expect(outline.title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(Array.from(outline.title).length).toBeLessThan(100);
  });

  it('follows an instruction beside the topic: shorter, longer, a section count, another reader', async () => {
    const generator = createOfflineOutlineGenerator();
    const outline = (instruction: string | undefined, options = {}) =>
      generator.outline({
        topic: 'the history of coffee',
        options,
        signal,
        ...(instruction ? { instruction } : {}),
      });
    const points = (made: Outline) => made.sections.flatMap((section) => section.points).length;
    const plain = await outline(undefined);
    const shorter = await outline('Make it shorter');
    expect(points(shorter)).toBeLessThan(points(plain));
    expect(points(await outline('longer, in more detail'))).toBeGreaterThan(points(plain));
    expect((await outline('Redo it in 5 sections')).sections).toHaveLength(5);
    expect(await outline('for experts')).toMatchObject({ audience: 'experts' });
    expect(await outline('Summarize it')).toEqual(plain);
  });
});
