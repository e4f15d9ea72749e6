/**
 * The sentence templates of the offline document. `{point}` sits mid-sentence and `{Point}` starts one; `{ref}`
 * refers back to the topic ("the subject"), `{topic}` names it in full, `{audience}` is the reader. A document
 * never uses one template twice, so each list is long enough for the longest outline.
 */

/** Sentences that introduce one outline point; the point is never the subject (no verb to agree with it). */
export const POINT_OPENINGS = [
  'A good place to begin: {point}.',
  'Then we come to {point}.',
  'Consider {point}.',
  'It is worth pausing on {point}.',
  'Next, consider {point}.',
  'Another thread to follow: {point}.',
  'Closely related: {point}.',
  'Much of what follows depends on {point}.',
  'It helps to be clear about {point}.',
  'Turn now to {point}.',
  'One question keeps coming back: {point}.',
  'Look next at {point}.',
  'No account would be complete without {point}.',
  'Beyond that, look at {point}.',
  'A natural next step: {point}.',
  'Right alongside it, take {point}.',
  'Less obvious, but just as important: {point}.',
  'Readers often ask about {point}.',
  'Then comes a practical matter: {point}.',
  'It pays to spend a moment on {point}.',
  'Set against that, weigh {point}.',
  'There is more to {point} than first appears.',
  'Attention also belongs on {point}.',
  'A word, too, on {point}.',
  'Another angle: {point}.',
  'From there it is a short step to {point}.',
  'Part of the story: {point}.',
  'Worth a paragraph of its own: {point}.',
  'Few accounts linger on {point}.',
] as const satisfies readonly [string, ...string[]];

/** Sentences that develop a point in general terms. */
export const POINT_ELABORATIONS = [
  'For {audience}, this is often the detail that makes {ref} click.',
  'Seen up close, it explains a good deal of how {ref} behaves in practice.',
  'The specifics differ from one setting to the next, but the underlying pattern stays recognisable.',
  'A concrete example usually makes this clearer than any definition does.',
  'Getting this right early saves a lot of confusion later on.',
  'Experienced practitioners tend to treat it as a starting assumption rather than a conclusion.',
  'It also connects to several of the other ideas in this document.',
  'Questions about it come up again and again when people first meet {ref}.',
  'The evidence here is stronger than it first appears, though it is rarely summarised in one place.',
  'It is also where most of the practical decisions are made.',
  'Small differences here lead to large differences in the outcome.',
  'The idea is simple to state and harder to apply.',
  'Most disagreements about {ref} can be traced back to this point.',
  'It rewards a second reading more than most.',
  'Short summaries tend to skip it, which is why it surprises people.',
  'Keeping it in view makes the later sections easier to follow.',
  'There is more consensus here than the public debate suggests.',
  'Its effects show up long before anyone names them.',
  'It is the kind of detail that separates a first impression from real understanding.',
  'Historians and practitioners describe it in different words, but they mean much the same thing.',
  'The practical consequences are easy to underestimate.',
  'Once it is understood, several puzzles about {ref} disappear.',
  'It is rarely the whole story, but it is seldom irrelevant.',
  'Even a rough grasp of it goes a long way.',
] as const satisfies readonly [string, ...string[]];

/** Optional closing sentences for a point's paragraph. */
export const POINT_CLOSINGS = [
  'Keep it in mind as the discussion moves on.',
  'That is the thread to hold on to.',
  'The rest of the section builds on it.',
  'It is a small idea with large consequences.',
  'The next paragraphs return to it more than once.',
  'It will matter again by the end.',
  'That alone changes how the rest reads.',
  'Everything else in this part leans on it.',
] as const satisfies readonly [string, ...string[]];

/** Opening sentences for a section, where `{list}` names the section's points. */
export const SECTION_INTROS = [
  'This section covers {list}.',
  'Here we look at {list}.',
  'The focus now turns to {list}.',
  'This part of the document deals with {list}.',
  'A few threads run through this part: {list}.',
  'What follows takes up {list}.',
  'The ground to cover here: {list}.',
  'This part brings together {list}.',
  'Next, the discussion moves to {list}.',
  'The following paragraphs address {list}.',
  'In this part: {list}.',
  'Several things come together here: {list}.',
] as const satisfies readonly [string, ...string[]];

/**
 * Closing sentences for a section when the caller asked for a reader ("for experts"): one per section. The reader
 * is never the subject either ("a board of directors" and "experts" would need different verbs).
 */
export const AUDIENCE_NOTES = [
  'For {audience}, the part of this section to keep: {point}.',
  'What matters most here for {audience}: {point}.',
  'Read with {audience} in mind, this section turns on {point}.',
  'For {audience}, a good way in: start with {point}.',
  'For {audience}, the practical upshot sits in {point}.',
  'The detail most useful to {audience} here: {point}.',
  'From the point of view of {audience}, the piece that matters: {point}.',
  'Of everything here, the one thing for {audience} to hold on to: {point}.',
  'Seen through the eyes of {audience}, the section comes down to {point}.',
  'The useful question for {audience}: how to act on {point}.',
  'For {audience}, the takeaway: {point}.',
  'A test for {audience}: check the rest against {point}.',
] as const satisfies readonly [string, ...string[]];
