import { describe, expect, it } from 'vitest';
import type { Document } from '../contracts/document.ts';
import { SummarySchema } from '../contracts/summary.ts';
import { loadKnowledgeSource } from '../knowledge/knowledge-source.ts';
import { createExtractiveSummaryGenerator, summarizeExtractively } from './extractive-summary-generator.ts';
import { assembleDocument } from './generators.ts';
import { splitMarkdownSentences } from './markdown-sentences.ts';
import { createOfflineDocumentGenerator, writeOfflineDocument } from './offline-document-generator.ts';
import { buildOfflineOutline } from './offline-outline-generator.ts';
import { countWords } from './topic-text.ts';

const signal = new AbortController().signal;
const source = await loadKnowledgeSource();

/** A hand-written article (not generated): the third sentence of "How it spread" carries the most signal. */
const ARTICLE = `# A short history of tea

## Origins

Tea comes from the leaves of Camellia sinensis, an evergreen shrub native to southwest China. Legend credits
the emperor Shen Nong with the first cup around 2737 BC, when leaves blew into his boiling water. The story is
almost certainly a myth. Historians agree that tea was drunk in Yunnan during the Shang dynasty, mostly as a
medicine.

## How it spread

During the Tang dynasty, Lu Yu wrote *The Classic of Tea*, the first book devoted to the drink. Buddhist monks
carried seeds to Japan in the 9th century, where the tea ceremony later took shape. Dutch and Portuguese
traders brought tea from China to Europe in the 17th century, and the tea trade with China soon shaped
British tea culture, colonial tea plantations and the tea clippers. By 1750 it was the most popular drink
in Britain.

## Tea today

- Black tea is fully oxidised and dominates the Western market.
- Green tea is heated soon after picking, which stops oxidation.
- Oolong sits between the two.

Today tea is the most widely consumed drink in the world after water. Mr. Twining's shop on the Strand, opened
in 1706, still sells it.`;

function articleDocument(): Document {
  const sections = ARTICLE.split(/^## /m)
    .slice(1)
    .map((part) => {
      const [heading = '', ...body] = part.split('\n');
      return { heading, markdown: body.join('\n').trim() };
    });
  return assembleDocument('A short history of tea', sections);
}

const normalize = (text: string) => text.replace(/\s+/g, ' ');

describe('createExtractiveSummaryGenerator', () => {
  it('summarizes a real-world article with sentences taken from it, including the strongest one', async () => {
    const document = articleDocument();
    const summary = await createExtractiveSummaryGenerator({ sentences: 3 }).summarize({ document, signal });
    SummarySchema.parse(summary);
    const sourceSentences = splitMarkdownSentences(document.markdown).map((sentence) => sentence.text);
    const picked = splitMarkdownSentences(summary.summary).map((sentence) => sentence.text);
    expect(picked).toHaveLength(3);
    for (const sentence of picked) expect(sourceSentences).toContain(sentence);
    expect(normalize(summary.summary)).toContain(
      'Dutch and Portuguese traders brought tea from China to Europe',
    );
    // In original order.
    const positions = picked.map((sentence) => sourceSentences.indexOf(sentence));
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
  });

  it('draws key points from different sections, each led by its heading', () => {
    const summary = summarizeExtractively(articleDocument(), { keyPoints: 3 });
    expect(summary.keyPoints.map((point) => point.split(':')[0])).toEqual([
      'Origins',
      'How it spread',
      'Tea today',
    ]);
    expect(summary.keyPoints[1]).toContain('Dutch and Portuguese traders');
  });

  it('counts words in the source and the summary', () => {
    const document = articleDocument();
    const summary = summarizeExtractively(document, { sentences: 2 });
    expect(summary.sourceWordCount).toBeGreaterThan(150);
    expect(summary.summaryWordCount).toBe(summary.summary.split(/\s+/).length);
    expect(summary.summaryWordCount).toBeLessThan(summary.sourceWordCount / 3);
  });

  it('summarizes plain markdown with no sections by its best sentences', () => {
    const text = ARTICLE.replace(/^#+ .*$/gm, '');
    const summary = summarizeExtractively(
      { title: 'Tea', sections: [], markdown: text, wordCount: 0 },
      { sentences: 2, keyPoints: 2 },
    );
    expect(summary.keyPoints).toHaveLength(2);
    expect(normalize(summary.summary)).toContain('Dutch and Portuguese traders');
  });

  it('summarizes the offline document deterministically', async () => {
    const outline = buildOfflineOutline('The history of coffee', { length: 'long' }, source);
    const sections = new Map<string, string>();
    for await (const chunk of createOfflineDocumentGenerator().write({ outline, signal })) {
      sections.set(chunk.heading, (sections.get(chunk.heading) ?? '') + chunk.markdown);
    }
    const document = assembleDocument(
      outline.title,
      [...sections].map(([heading, markdown]) => ({ heading, markdown })),
    );
    const summary = summarizeExtractively(document);
    expect(summarizeExtractively(document)).toEqual(summary);
    SummarySchema.parse(summary);
    expect(summary.keyPoints.length).toBe(6);
    for (const sentence of splitMarkdownSentences(summary.summary)) {
      expect(normalize(document.markdown)).toContain(sentence.text);
    }
    expect(summary.summaryWordCount).toBeLessThan(summary.sourceWordCount / 2);
  });

  it('falls back to the title for a document with no prose', () => {
    const summary = summarizeExtractively({
      title: 'Empty',
      sections: [{ heading: 'Only', markdown: '```\ncode\n```' }],
      markdown: '# Empty',
      wordCount: 1,
    });
    expect(SummarySchema.parse(summary).summary).toBe('Empty');
  });
});

describe('summaries that follow the request', () => {
  const outline = buildOfflineOutline('The history of coffee', { length: 'long' }, source);
  const markdown = [...writeOfflineDocument(outline, {}, source)].map((chunk) => chunk.markdown).join('');
  const document = { title: outline.title, sections: [], markdown, wordCount: countWords(markdown) };
  const summarize = (instruction?: string) =>
    createExtractiveSummaryGenerator().summarize({
      document,
      signal: new AbortController().signal,
      ...(instruction ? { instruction } : {}),
    });

  it('is shorter when asked, and has exactly the sentences asked for', async () => {
    const standard = await summarize('Summarize this document.');
    const shorter = await summarize('Make it shorter.');
    expect(shorter.summaryWordCount).toBeLessThan(standard.summaryWordCount);
    const two = await summarize('Summarize this in 2 sentences.');
    expect(splitMarkdownSentences(two.summary)).toHaveLength(2);
  });

  it('differs by audience, and says whom it is for', async () => {
    const beginners = await summarize('Summarize this document for beginners.');
    const experts = await summarize('Summarize this document for experts.');
    expect(beginners.title).toBe(`${outline.title}, for beginners`);
    expect(experts.title).toBe(`${outline.title}, for experts`);
    expect(beginners.summary).not.toBe(experts.summary);
  });
});
