import { z } from 'zod';

/** How the user wants the outline: for whom, how long, how many sections. All optional. */
export const OutlineOptionsSchema = z.object({
  audience: z.string().min(1).max(200).optional(),
  length: z.enum(['short', 'medium', 'long']).optional(),
  sections: z.number().int().min(1).max(12).optional(),
});
/** Options for the outline step. */
export type OutlineOptions = z.infer<typeof OutlineOptionsSchema>;

/** One section of an outline: a heading and the points it will make. */
export const OutlineSectionSchema = z.object({
  heading: z.string().min(1),
  points: z.array(z.string().min(1)).min(1),
});
/** One section of an outline. */
export type OutlineSection = z.infer<typeof OutlineSectionSchema>;

/** The `outline` artifact's DataPart: what the outline agent hands the doc agent. */
export const OutlineSchema = z.object({
  title: z.string().min(1),
  topic: z.string().min(1),
  audience: z.string().min(1).optional(),
  sections: z.array(OutlineSectionSchema).min(1),
});
/** An outline. */
export type Outline = z.infer<typeof OutlineSchema>;
