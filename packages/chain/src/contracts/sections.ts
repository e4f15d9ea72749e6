import { z } from 'zod';
import { type Document, DocumentSchema, type DocumentSection, DocumentSectionSchema } from './document.ts';
import { OutlineSchema, OutlineSectionSchema } from './outline.ts';

/**
 * The skills of the `sections` chain: one section written at a time (a map over the outline's sections), the
 * sections assembled in order into a document, and a review of the document against its outline.
 */
export const SECTION_SKILLS = {
  section: 'baton.section',
  assemble: 'baton.assemble',
  review: 'baton.review',
} as const;

/** The artifact each of those skills produces. */
export const SECTION_ARTIFACTS = {
  section: 'section',
  assemble: 'document',
  review: 'review',
} as const;

/** What `baton.section` writes: one section of an outline, and what a reviewer asked of it, if anything. */
export const SectionRequestSchema = OutlineSectionSchema.extend({
  /** What a review asked to change ("Cover: the Silk Road"); absent on a first draft. */
  note: z.string().min(1).max(2_000).optional(),
});
/** One section to write. */
export type SectionRequest = z.infer<typeof SectionRequestSchema>;

/** The `section` artifact: one written section. */
export const SectionSchema = DocumentSectionSchema;

/** The `review` artifact: pass, or fail with the sections to write again and why. */
export const ReviewSchema = z.object({
  verdict: z.enum(['pass', 'fail']),
  /** The outline's sections to write again, each with the reviewer's note; empty on a pass. */
  rewrite: z.array(SectionRequestSchema),
  /** What the reviewer found, one line per finding. */
  notes: z.array(z.string()),
});
/** A review. */
export type Review = z.infer<typeof ReviewSchema>;

/** The outline a message carries (the first DataPart that is one), or `undefined`. */
export function outlineIn(data: readonly unknown[]) {
  for (const value of data) {
    const parsed = OutlineSchema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** The document a message carries (the first DataPart that is one), or `undefined`. */
export function documentIn(data: readonly unknown[]): Document | undefined {
  for (const value of data) {
    const parsed = DocumentSchema.safeParse(value);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/**
 * The written sections a message carries: each DataPart that is a section, a list of them, or a map step's
 * artifact (`{ items: [...] }`, failed items `null`), in order.
 */
export function sectionsIn(data: readonly unknown[]): DocumentSection[] {
  const found: DocumentSection[] = [];
  const take = (value: unknown) => {
    const one = SectionSchema.safeParse(value);
    if (one.success) found.push(one.data);
    else if (Array.isArray(value)) value.forEach(take);
    else if (
      value !== null &&
      typeof value === 'object' &&
      Array.isArray((value as { items?: unknown }).items)
    )
      (value as { items: unknown[] }).items.forEach(take);
  };
  data.forEach(take);
  return found;
}
