import { contractPart, documentIn, outlineIn, ReviewSchema, SECTION_ARTIFACTS } from '@baton/chain';
import { A2AError, JsonValueSchema } from '@baton/protocol';
import type { AgentExecutor } from '@baton/server';
import { reviewDocument } from './review-document.ts';

/**
 * `baton.review`: checks a document against its outline. In: the outline and the document as JSON DataParts.
 * Out: a `review` artifact, `{ verdict: "pass" | "fail", rewrite: [{ heading, points, note }], notes }`: the
 * sections to write again, each ready to send to `baton.section`.
 */
export const reviewExecutor: AgentExecutor = async (ctx) => {
  const data = ctx.message.parts.flatMap((part) => ('data' in part ? [part.data] : []));
  const outline = outlineIn(data);
  const document = documentIn(data);
  if (outline === undefined || document === undefined) {
    const missing = [outline ? undefined : 'the outline', document ? undefined : 'the document'].filter(
      Boolean,
    );
    throw A2AError.invalidParams(`Expected ${missing.join(' and ')} as JSON DataParts`);
  }
  await ctx.working(`Reviewing "${document.title}" against its outline`);
  const review = ReviewSchema.parse(reviewDocument(outline, document));
  const summary =
    review.verdict === 'pass'
      ? `Every section of "${document.title}" covers its points.`
      : `${review.rewrite.length} section${review.rewrite.length === 1 ? '' : 's'} to rewrite: ${review.notes.join(' ')}`;
  await ctx.addArtifact({
    artifactId: SECTION_ARTIFACTS.review,
    name: SECTION_ARTIFACTS.review,
    description: `Review of "${document.title}": ${review.verdict}`,
    parts: [{ text: summary }, contractPart(JsonValueSchema.parse(JSON.parse(JSON.stringify(review))))],
  });
  await ctx.complete(summary);
};
