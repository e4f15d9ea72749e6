import type { Document } from '@baton/chain';

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
