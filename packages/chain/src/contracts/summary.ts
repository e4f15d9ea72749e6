import { z } from 'zod';

/** The `summary` artifact's DataPart: the end of the chain. */
export const SummarySchema = z.object({
  title: z.string().min(1),
  summary: z.string().min(1),
  keyPoints: z.array(z.string().min(1)).min(1),
  sourceWordCount: z.number().int().nonnegative(),
  summaryWordCount: z.number().int().nonnegative(),
});
/** A summary. */
export type Summary = z.infer<typeof SummarySchema>;
