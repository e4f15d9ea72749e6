import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInstruction } from './instruction.ts';
import { writeOfflineDocument } from './offline-document-generator.ts';
import { buildOfflineOutline } from './offline-outline-generator.ts';
import {
  AUDIENCE_NOTES,
  POINT_CLOSINGS,
  POINT_ELABORATIONS,
  POINT_OPENINGS,
  SECTION_INTROS,
} from './prose-templates.ts';
import { topicPhrase } from './topic-phrase.ts';

const documentOf = (
  topic: string,
  options: Parameters<typeof buildOfflineOutline>[1] = {},
  instruction?: string,
) => {
  const outline = buildOfflineOutline(topic, options);
  const chunks = [...writeOfflineDocument(outline, readInstruction(instruction))];
  return { outline, text: chunks.map((chunk) => chunk.markdown).join('') };
};

const sentencesOf = (text: string) =>
  text
    .split(/(?<=\.)\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');

/** The template a sentence was made from, if any: its fixed words around the slots must all be in it. */
function templateOf(sentence: string): string | undefined {
  const all = [
    ...POINT_OPENINGS,
    ...POINT_ELABORATIONS,
    ...POINT_CLOSINGS,
    ...SECTION_INTROS,
    ...AUDIENCE_NOTES,
  ];
  return all.find((template) => {
    const pieces = template.split(/\{[a-zA-Z]+\}/).filter((piece) => piece.trim() !== '');
    const pattern = pieces.map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+');
    return new RegExp(
      `^${template.startsWith('{') ? '.+' : ''}${pattern}${template.endsWith('}.') ? '' : '$'}`,
    ).test(sentence);
  });
}

const topics = fc.constantFrom(
  'The history of tea',
  'urban beekeeping',
  'A short guide to sourdough',
  'Kubernetes networking',
  'An introduction to tides',
);
const lengths = fc.constantFrom('short' as const, 'medium' as const, 'long' as const);

describe('offline prose a reader is not embarrassed by', () => {
  it('reads a leading article as part of a noun phrase: lower case inside a sentence', () => {
    expect(topicPhrase('The history of tea')).toMatchObject({
      inSentence: 'the history of tea',
      atStart: 'The history of tea',
    });
    expect(topicPhrase('An introduction to tides').inSentence).toBe('an introduction to tides');
    expect(topicPhrase('The Beatles').inSentence).toBe('The Beatles');
    expect(topicPhrase('NASA missions').inSentence).toBe('NASA missions');
    const { text } = documentOf('The history of tea');
    expect(text).toContain('the history of tea');
    expect(text).not.toMatch(/\p{Ll}[,:]? The history of tea/u);
  });

  it('never makes a point the subject of a verb it would have to agree with', () => {
    const verbBeforePoint = /\b(is|are|comes|lies|sits|remains)\s+\{point\}/;
    const pointBeforeVerb = /\{Point\}\s+(is|are|has|have|does|shapes|gets|deserves)\b/;
    for (const template of [...POINT_OPENINGS, ...SECTION_INTROS, ...AUDIENCE_NOTES]) {
      expect(template).not.toMatch(verbBeforePoint);
      expect(template).not.toMatch(pointBeforeVerb);
    }
  });

  it('never uses a sentence template twice in one document, for any topic, length and instruction', () => {
    const instructions = fc.constantFrom(
      undefined,
      'shorter',
      'longer',
      'for experts',
      'longer, for a board',
    );
    fc.assert(
      fc.property(
        topics,
        lengths,
        fc.integer({ min: 1, max: 12 }),
        instructions,
        (topic, length, sections, asked) => {
          const { text } = documentOf(topic, { length, sections }, asked);
          const used = sentencesOf(text)
            .map(templateOf)
            .filter((template) => template !== undefined);
          expect(new Set(used).size).toBe(used.length);
          expect(used.length).toBeGreaterThan(sections >= 2 ? (asked === 'shorter' ? 2 : 4) : 1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('names the topic in full at most twice per section and refers back to it otherwise', () => {
    fc.assert(
      fc.property(topics, lengths, (topic, length) => {
        const { outline, text } = documentOf(topic, { length });
        const full = topicPhrase(topic).inSentence.toLowerCase();
        const mentions = text.toLowerCase().split(full).length - 1;
        expect(mentions).toBeLessThanOrEqual(outline.sections.length * 2);
      }),
      { numRuns: 30 },
    );
    const before = 'The history of tea';
    const { text } = documentOf(before);
    expect(text).toMatch(/the subject|this topic/);
  });

  it('develops each point of the outline in its own paragraph, in order', () => {
    const { outline, text } = documentOf('urban beekeeping', { length: 'long' });
    let from = 0;
    for (const point of outline.sections.flatMap((section) => section.points)) {
      const at = text.indexOf(point, from);
      expect(at, point).toBeGreaterThanOrEqual(0);
      from = at;
    }
  });

  it('is deterministic: the same outline always gives the same text', () => {
    fc.assert(
      fc.property(topics, lengths, (topic, length) => {
        expect(documentOf(topic, { length }).text).toBe(documentOf(topic, { length }).text);
      }),
      { numRuns: 20 },
    );
  });

  it('writes different documents for different audiences', () => {
    const students = documentOf('urban beekeeping', { audience: 'students' }).text;
    const chefs = documentOf('urban beekeeping', { audience: 'chefs' }).text;
    expect(students).not.toBe(chefs);
  });

  it('follows an instruction: shorter, longer, or for another reader, and the same instruction gives the same text', () => {
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const plain = documentOf('urban beekeeping').text;
    expect(documentOf('urban beekeeping', {}, 'Write the document for this outline.').text).toBe(plain);
    const shorter = documentOf('urban beekeeping', {}, 'Make it shorter').text;
    const longer = documentOf('urban beekeeping', {}, 'longer, please').text;
    expect(words(shorter)).toBeLessThan(words(plain) * 0.7);
    expect(words(longer)).toBeGreaterThan(words(plain) * 1.1);
    const { outline, text } = documentOf('urban beekeeping', {}, 'Write it for experts.');
    expect(text.match(/experts/g)?.length).toBeGreaterThanOrEqual(outline.sections.length);
    expect(documentOf('urban beekeeping', {}, 'Write it for experts.').text).toBe(text);
  });
});
