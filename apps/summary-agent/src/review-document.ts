import type { Document, Outline, Review, SectionRequest } from '@baton/chain';

/** Words of a point too common to say whether a section covers it. */
const COMMON = new Set(
  'about after also among and because been before between both during each from have into more most much only other over some such than that their them then there these they this those through under very what when where which while with within would your'.split(
    ' ',
  ),
);

/** The words of a text that say what it is about (lower case, four letters or more, not common). */
const contentWords = (text: string) =>
  [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])].filter((word) => !COMMON.has(word));

/** Fewest words a section may have. */
const MIN_SECTION_WORDS = 12;

/**
 * Reviews a document against its outline, offline and deterministically: every section of the outline must be
 * there (by heading), have at least a few sentences' worth of words, and mention each of its points (one of the
 * point's content words). Each section that does not is to be written again, with a note saying what it lacks.
 */
export function reviewDocument(outline: Outline, document: Document): Review {
  const rewrite: SectionRequest[] = [];
  const notes: string[] = [];
  for (const section of outline.sections) {
    const written = document.sections.find(
      (candidate) => candidate.heading.toLowerCase() === section.heading.toLowerCase(),
    );
    const lacks: string[] = [];
    if (written === undefined) lacks.push('the section is missing');
    else {
      const words = written.markdown.toLowerCase();
      const count = words.split(/\s+/).filter((word) => /\w/.test(word)).length;
      if (count < MIN_SECTION_WORDS) lacks.push(`it has ${count} words; develop it`);
      for (const point of section.points) {
        const wanted = contentWords(point);
        if (wanted.length > 0 && !wanted.some((word) => words.includes(word))) lacks.push(`cover: ${point}`);
      }
    }
    if (lacks.length === 0) continue;
    const note = `"${section.heading}": ${lacks.join('; ')}`;
    notes.push(note);
    rewrite.push({
      heading: section.heading,
      points: section.points,
      note: `Rewrite this section: ${lacks.join('; ')}.`,
    });
  }
  return { verdict: rewrite.length === 0 ? 'pass' : 'fail', rewrite, notes };
}
