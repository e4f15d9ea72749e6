import { z } from 'zod';

/** One written section of the document. */
export const DocumentSectionSchema = z.object({
  heading: z.string().min(1),
  markdown: z.string().min(1),
});
/** One written section. */
export type DocumentSection = z.infer<typeof DocumentSectionSchema>;

/**
 * The `document` artifact's DataPart: what the doc agent hands the summary agent. The same artifact also
 * carries the markdown as text, streamed section by section.
 */
export const DocumentSchema = z.object({
  title: z.string().min(1),
  sections: z.array(DocumentSectionSchema).min(1),
  markdown: z.string().min(1),
  wordCount: z.number().int().nonnegative(),
});
/** A written document. */
export type Document = z.infer<typeof DocumentSchema>;
