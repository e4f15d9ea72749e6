import { describe, expect, it } from 'vitest';
import { loadKnowledgeSource } from '../knowledge/knowledge-source.ts';
import { summarizeExtractively } from './extractive-summary-generator.ts';
import { assembleDocument } from './generators.ts';
import { readInstruction } from './instruction.ts';
import { splitMarkdownSentences } from './markdown-sentences.ts';
import { writeOfflineDocument } from './offline-document-generator.ts';
import { buildOfflineOutline } from './offline-outline-generator.ts';

const source = await loadKnowledgeSource();

/** The offline document of a topic, as the chain writes it: outline, then prose, assembled. */
function documentOf(topic: string, instruction?: string, length?: 'short' | 'medium' | 'long') {
  const outline = buildOfflineOutline(topic, length ? { length } : {}, source);
  const chunks = [...writeOfflineDocument(outline, readInstruction(instruction), source)];
  return assembleDocument(
    outline.title,
    outline.sections.map((section) => ({
      heading: section.heading,
      markdown: chunks
        .filter((chunk) => chunk.heading === section.heading)
        .map((chunk) => chunk.markdown)
        .join(''),
    })),
  );
}

const sentencesOf = (markdown: string) => splitMarkdownSentences(markdown).map((sentence) => sentence.text);

/** A sentence with the topic's own words replaced by one placeholder, so two topics' frames can be compared. */
const masked = (sentence: string, words: readonly string[]) =>
  words.reduce((text, word) => text.replace(new RegExp(`\\b${word}\\b`, 'gi'), 'X'), sentence.toLowerCase());

/** Whether a sentence carries a WordNet definition of one of the nouns it names (a fact from the source). */
function carriesFact(sentence: string): boolean {
  const lower = sentence.toLowerCase();
  return source.grammar.nounPhrases(sentence).some((phrase) => {
    const words = phrase.toLowerCase().split(/\s+/);
    return words.some((_, start) => {
      const lemma = [...words.slice(start, -1), source.grammar.singular(words.at(-1) ?? '')].join(' ');
      return source.wordnet.lookup(lemma).some((meaning) => {
        if (lower.includes(meaning.definition.toLowerCase().slice(0, 40))) return true;
        // Or it names a thing WordNet relates to the noun (a kind of it, a part of it, what it is a kind of).
        return meaning.pointers.some((pointer) => {
          const related = source.wordnet.synset(pointer.offset, pointer.pos).words;
          return related.some(
            (word) => word.length > 3 && word.toLowerCase() !== lemma && lower.includes(word.toLowerCase()),
          );
        });
      });
    });
  });
}

describe('offline text grounded in the WordNet database', () => {
  it('says what tea is, names kinds of tea and related things', () => {
    const { markdown } = documentOf('The history of tea');
    expect(markdown).toContain('Tea is a beverage made by steeping tea leaves in water.');
    expect(markdown).toMatch(/kinds of tea: [^.]*herb tea/);
    expect(markdown).toMatch(/Caffeine is a bitter alkaloid found in coffee and tea/);
    expect(markdown).toMatch(/Other kinds of beverage in WordNet include [^.]*coffee/);
  });

  it('writes different documents for tea and coffee: under 30 % shared sentences with the topic masked', () => {
    const tea = sentencesOf(documentOf('The history of tea').markdown).map((s) => masked(s, ['tea']));
    const coffee = new Set(
      sentencesOf(documentOf('The history of coffee').markdown).map((s) => masked(s, ['coffee'])),
    );
    const shared = tea.filter((sentence) => coffee.has(sentence));
    expect(shared.length / tea.length).toBeLessThan(0.3);
  });

  it('names at least one fact from the source in every section, and says plainly what it cannot tell', () => {
    for (const topic of [
      'The history of tea',
      'Urban beekeeping',
      'A short guide to sourdough',
      'An introduction to tides',
    ]) {
      const document = documentOf(topic, undefined, 'long');
      for (const section of document.sections) {
        const sentences = sentencesOf(section.markdown);
        if (/beyond this offline text/.test(section.markdown)) {
          expect(sentences, `${topic}: ${section.heading}`).toHaveLength(1);
          continue;
        }
        expect(sentences.some(carriesFact), `${topic}: ${section.heading}`).toBe(true);
      }
    }
  });

  it('never writes one sentence twice in a document, whatever the instruction', () => {
    for (const topic of ['The history of tea', 'Urban beekeeping', 'coffee', 'An introduction to tides']) {
      for (const instruction of [undefined, 'longer', 'for experts', 'for beginners', 'shorter']) {
        const sentences = sentencesOf(documentOf(topic, instruction, 'long').markdown);
        expect(new Set(sentences).size, `${topic} ${instruction}`).toBe(sentences.length);
      }
    }
  });

  it('keeps a qualifier in lower case inside a sentence', () => {
    const { markdown } = documentOf('Urban beekeeping');
    expect(markdown).toMatch(/Urban beekeeping is a kind of cultivation/);
    expect(markdown).not.toMatch(/[a-z,] Urban beekeeping/);
    expect(markdown).toContain(
      'Beekeeping is the cultivation of bees on a commercial scale for the production of honey.',
    );
  });

  it('says in one line that it knows nothing of a topic the source lacks, instead of padding', () => {
    const document = documentOf('Kubernetes networking', undefined, 'long');
    expect(sentencesOf(document.markdown.replace(/^#.*$/gm, ''))).toEqual([
      expect.stringMatching(
        /^The offline source, the WordNet dictionary, has no entry for “Kubernetes networking”/,
      ),
    ]);
  });

  it('summarizes with the sentences that carry the facts, the definition first', () => {
    const document = documentOf('The history of tea');
    const summary = summarizeExtractively(document);
    const sentences = sentencesOf(summary.summary);
    expect(sentences[0]).toBe('Tea is a beverage made by steeping tea leaves in water.');
    for (const sentence of sentences) expect(document.markdown).toContain(sentence);
    expect(sentences.filter(carriesFact).length).toBe(sentences.length);
  });
});
