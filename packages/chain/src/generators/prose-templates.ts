/** Opening sentences that introduce one outline point; `{point}` sits mid-sentence, `{Point}` starts it. */
export const POINT_OPENINGS = [
  'A good place to begin is {point}.',
  'Then there is {point}.',
  'Consider {point}.',
  'It is worth pausing on {point}.',
  'Next comes {point}.',
  'Another thread to follow is {point}.',
  'The next point is {point}.',
] as const satisfies readonly [string, ...string[]];

/** Sentences that develop a point in general terms, around `{topic}` and `{audience}`. */
export const POINT_ELABORATIONS = [
  'For {audience}, this is often the detail that makes {topic} click.',
  'Seen up close, it explains a good deal of how {topic} behaves in practice.',
  'The specifics differ from one setting to the next, but the underlying pattern stays recognisable.',
  'A concrete example usually makes this clearer than any definition does.',
  'Getting this right early saves a lot of confusion later on.',
  'Experienced practitioners tend to treat it as a starting assumption rather than a conclusion.',
  'It also connects to several of the other ideas in this document.',
  'Questions about it come up again and again when people first meet {topic}.',
  'The evidence here is stronger than it first appears, though it is rarely summarised in one place.',
  'It is also where most of the practical decisions about {topic} are made.',
] as const satisfies readonly [string, ...string[]];

/** Optional closing sentences for a point's paragraph. */
export const POINT_CLOSINGS = [
  'Keep it in mind as the discussion moves on.',
  'That is the thread to hold on to.',
  'The rest of the section builds on it.',
  'It is a small idea with large consequences.',
] as const satisfies readonly [string, ...string[]];

/** Opening sentences for a section, where `{list}` names the section's points. */
export const SECTION_INTROS = [
  'This section covers {list}.',
  'Here we look at {list}.',
  'The focus now turns to {list}.',
  'This part of the document deals with {list}.',
] as const satisfies readonly [string, ...string[]];
