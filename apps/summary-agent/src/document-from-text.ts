import type { Document, Summary } from '@baton/chain';

const UNTITLED = 'Untitled document';

/**
 * Wraps plain text or markdown a user pasted as a `Document`, so any text can be summarized: the title is the
 * first markdown heading, else the first line (shortened); the whole text is one section, whose own headings
 * the summarizer still reads.
 */
export function documentFromText(text: string): Document {
  const markdown = text.trim();
  return {
    title: titleOf(markdown),
    sections: [{ heading: titleOf(markdown), markdown: markdown === '' ? UNTITLED : markdown }],
    markdown: `${markdown}\n`,
    wordCount: markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length,
  };
}

function titleOf(markdown: string): string {
  const heading = /^#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(markdown)?.[1]?.trim();
  if (heading) return heading;
  const firstLine = markdown.split('\n', 1)[0]?.trim() ?? '';
  return shorten(firstLine.replace(/[*_`>]+/g, '').trim(), 60) || UNTITLED;
}

function shorten(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), maxLength / 2));
  return `${atWord.replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * Several summaries as one document to summarize again (a chain merging summaries written for different
 * readers): a section per summary, under its title, holding its summary and key points.
 */
export function documentFromSummaries(summaries: readonly Summary[]): Document {
  const base = summaries[0]?.title.replace(/, for .+$/, '') ?? UNTITLED;
  const sections = summaries.map((summary) => ({
    heading: summary.title,
    markdown: `${summary.summary}\n\n${summary.keyPoints.map((point) => `- ${point}`).join('\n')}\n`,
  }));
  const markdown = sections.map((section) => `## ${section.heading}\n\n${section.markdown}`).join('\n');
  return {
    title: `${base}: a brief`,
    sections,
    markdown,
    wordCount: markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length,
  };
}
