import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Outline, OutlineSchema } from '../contracts/outline.ts';
import { buildOfflineOutline, createOfflineOutlineGenerator } from './offline-outline-generator.ts';

const signal = new AbortController().signal;

describe('createOfflineOutlineGenerator', () => {
  it('gives the same outline for the same input', async () => {
    const generator = createOfflineOutlineGenerator();
    const input = { topic: 'Rust ownership', options: { audience: 'Go developers' }, signal };
    expect(await generator.outline(input)).toEqual(await generator.outline(input));
  });

  it('writes 3 to 6 sections of 2 to 4 points by default, phrased around the topic', () => {
    for (const length of ['short', 'medium', 'long'] as const) {
      const outline = buildOfflineOutline('solar power', { length });
      expect(outline.sections.length).toBeGreaterThanOrEqual(3);
      expect(outline.sections.length).toBeLessThanOrEqual(6);
      for (const section of outline.sections) {
        expect(section.points.length).toBeGreaterThanOrEqual(2);
        expect(section.points.length).toBeLessThanOrEqual(4);
      }
      expect(JSON.stringify(outline)).toContain('solar power');
    }
  });

  it('grows with the requested length', () => {
    const size = (length: 'short' | 'medium' | 'long') =>
      buildOfflineOutline('solar power', { length }).sections.flatMap((section) => section.points).length;
    expect(size('short')).toBeLessThan(size('medium'));
    expect(size('medium')).toBeLessThan(size('long'));
  });

  it('carries the topic and audience, and starts with background and ends with an outlook', () => {
    const outline = buildOfflineOutline('  sourdough\n baking ', { audience: 'home cooks', sections: 5 });
    expect(outline.topic).toBe('sourdough baking');
    expect(outline.audience).toBe('home cooks');
    expect(outline.sections[0]?.heading).toMatch(/background|where sourdough baking comes from|setting/i);
    expect(outline.sections.at(-1)?.heading).toMatch(/outlook|future|heading/i);
    expect(new Set(outline.sections.map((section) => section.heading)).size).toBe(5);
  });

  it('varies the outline with the topic', () => {
    const titles = ['tea', 'jazz', 'compilers', 'beekeeping', 'chess'].map((topic) =>
      buildOfflineOutline(topic).title.replace(/tea|jazz|compilers|beekeeping|chess/i, 'X'),
    );
    expect(new Set(titles).size).toBeGreaterThan(1);
  });

  it('always honours the contract and the section count, for any topic string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary', maxLength: 400 }), fc.string({ unit: 'grapheme' })),
        fc.record(
          {
            audience: fc.string({ minLength: 1, maxLength: 200 }),
            length: fc.constantFrom('short' as const, 'medium' as const, 'long' as const),
            sections: fc.integer({ min: 1, max: 12 }),
          },
          { requiredKeys: [] },
        ),
        (topic, options) => {
          const outline = OutlineSchema.parse(buildOfflineOutline(topic, options));
          if (options.sections !== undefined) expect(outline.sections).toHaveLength(options.sections);
          expect(buildOfflineOutline(topic, options)).toEqual(outline);
        },
      ),
      { numRuns: 200 },
    );
  }, 20_000);

  it('shortens a very long topic in headings without splitting characters', () => {
    const topic = '🍵'.repeat(200);
    const outline = buildOfflineOutline(topic);
    expect(outline.topic).toBe(topic);
    expect(outline.title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(Array.from(outline.title).length).toBeLessThan(100);
  });

  it('follows an instruction beside the topic: shorter, longer, a section count, another reader', async () => {
    const generator = createOfflineOutlineGenerator();
    const outline = (instruction: string | undefined, options = {}) =>
      generator.outline({
        topic: 'urban beekeeping',
        options,
        signal,
        ...(instruction ? { instruction } : {}),
      });
    const points = (made: Outline) => made.sections.flatMap((section) => section.points).length;
    const plain = await outline(undefined);
    const shorter = await outline('Make it shorter');
    expect(points(shorter)).toBeLessThan(points(plain));
    expect(points(await outline('shorter', { length: 'short' }))).toBeLessThan(points(shorter));
    expect(points(await outline('longer, in more detail'))).toBeGreaterThan(points(plain));
    expect((await outline('Redo it in 5 sections')).sections).toHaveLength(5);
    expect(await outline('for experts')).toMatchObject({ audience: 'experts' });
    expect(await outline('Summarize it')).toEqual(plain);
  });
});
