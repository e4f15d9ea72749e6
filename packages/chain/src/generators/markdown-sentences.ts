/** One sentence of a document, with the section it sits in and its position. */
export interface SourceSentence {
  readonly text: string;
  /** The nearest heading above the sentence, or `undefined` before the first heading. */
  readonly section: string | undefined;
  /** Position in the whole document, from 0. */
  readonly index: number;
  /** Position inside its section, from 0. */
  readonly indexInSection: number;
}

/** Abbreviations whose trailing period does not end a sentence (lower-case, without the period). */
const ABBREVIATIONS = new Set(
  (
    'mr mrs ms dr prof sr jr st mt vs etc e.g i.e cf al approx fig figs vol vols ed eds p pp ch sec ' +
    'inc ltd co corp dept est jan feb mar apr jun jul aug sep sept oct nov dec u.s u.k e.u a.m p.m ph.d'
  ).split(' '),
);

/**
 * Splits markdown into sentences: headings set the section and are not sentences, list items and table
 * cells end a sentence, code blocks are skipped, inline markup is removed, and abbreviations, initials and
 * decimals do not end a sentence.
 */
export function splitMarkdownSentences(markdown: string, initialSection?: string): SourceSentence[] {
  const sentences: SourceSentence[] = [];
  let section = initialSection;
  let indexInSection = 0;
  let paragraph: string[] = [];
  let inCode = false;
  const flush = () => {
    for (const text of splitSentences(paragraph.join(' '))) {
      sentences.push({ text, section, index: sentences.length, indexInSection: indexInSection++ });
    }
    paragraph = [];
  };
  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (/^(```|~~~)/.test(line)) {
      flush();
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      flush();
      section = stripInline(heading[1] ?? '') || section;
      indexInSection = 0;
    } else if (line === '' || /^([-*_=]\s*){3,}$/.test(line) || /^\|?[\s:|-]+\|[\s:|-]*$/.test(line)) {
      flush();
    } else if (/^([-*+]|\d+[.)])\s+/.test(line) || line.startsWith('|')) {
      flush();
      paragraph.push(line.replace(/^([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '').replaceAll('|', ' '));
      flush();
    } else {
      paragraph.push(line.replace(/^(>\s*)+/, ''));
    }
  }
  flush();
  return sentences;
}

/** Splits plain text (one paragraph) into sentences. */
export function splitSentences(paragraph: string): string[] {
  const text = stripInline(paragraph);
  const sentences: string[] = [];
  const boundary = /([.!?…]+["'”’)\]]*)(\s+)(?=["'“‘([]?[\p{Lu}\p{N}])|([。！？]+)/gu;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + (match[1] ?? match[3] ?? '').length;
    const candidate = text.slice(start, end);
    if (match[1]?.startsWith('.') && !match[1].startsWith('..') && endsWithAbbreviation(candidate)) continue;
    sentences.push(candidate.trim());
    start = end;
  }
  sentences.push(text.slice(start).trim());
  return sentences.filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

function endsWithAbbreviation(candidate: string): boolean {
  const lastWord = /(\S+)\.["'”’)\]]*$/u.exec(candidate)?.[1] ?? '';
  const word = lastWord.replace(/^["'“‘([]+/u, '').toLowerCase();
  return ABBREVIATIONS.has(word) || /^\p{Lu}$/u.test(lastWord) || /^(\p{L}\.)+\p{L}$/u.test(word);
}

/** Removes inline markdown: images, links (keeping their text), emphasis, code spans and HTML tags. */
export function stripInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
