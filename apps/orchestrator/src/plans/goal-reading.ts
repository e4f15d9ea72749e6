/**
 * What a goal says besides its topic: the audiences it is for ("once for beginners and once for experts"), whether
 * it asks for the results merged ("merge both into one brief"), and the words that say what to make ("explain",
 * "summarize") apart from what it is about ("how glaciers shape valleys").
 */
export interface GoalReading {
  /** What the run is about: the goal without its instructions ("how glaciers shape valleys"). */
  readonly topic: string;
  /** The readers it names with "for …", in order, each once. */
  readonly audiences: readonly string[];
  /** Whether it asks for several results merged into one. */
  readonly merge: boolean;
  /** The goal's words that are not the topic's: what to make of it. */
  readonly instruction: string;
}

/** "for beginners", "once for experts", "one for a board of directors", up to the next clause. */
const AUDIENCE =
  /(?:[,;]\s*)?(?:\band\s+)?(?:\b(?:once|one|then)\s+)?\bfor\s+((?:an?\s+|the\s+)?\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*){0,3}?)(?=\s*(?:[,;.!?]|$|\band\b|\bonce\b|\bthen\b|\bin\s+\d))/giu;

/** What the words after "for" name when they are not readers: the work itself. */
const NOT_READERS =
  /^(?:this|that|these|those|it|them|me|us|the (?:document|outline|summary|text|topic|goal))\b/i;

/** "…, and merge both into one brief": the request to merge, to the end of the goal. */
const MERGE = /[,;]?\s*(?:\band\s+)?(?:\bthen\s+)?\b(?:merge|combine|join|unify)\b.*$/is;

/**
 * What a goal opens with to say what to make, before its topic, tried in order: a verb that takes the topic
 * ("explain how …", "write about …"); a made thing named before "about"/"on" ("write an article about …", "a brief
 * on …"); a document named before "of" ("make a summary of …", but "the history of tea" stays the topic).
 */
const PREAMBLES = [
  /^(?:please\s+)?(?:explain|describe|outline|summari[sz]e|write\s+about|tell\s+me\s+about)\s+/i,
  /^(?:(?:please\s+)?(?:write(?:\s+up)?|draft|create|produce|make|prepare|give\s+me)\s+)?an?\s+(?:[\p{L}-]+\s+){0,3}?(?:about|on)\s+/iu,
  /^(?:please\s+)?(?:write(?:\s+up)?|draft|create|produce|make|prepare|give\s+me)\s+(?:an?|the)\s+(?:short\s+|brief\s+)?(?:outline|document|summary|brief|article|guide|explanation|overview|report)\s+(?:of|for)\s+/i,
];

/** Reads a goal (already trimmed, at most a few sentences). */
export function readGoal(goal: string): GoalReading {
  const audiences: string[] = [];
  for (const match of goal.matchAll(AUDIENCE)) {
    const audience = match[1]?.trim().replace(/\s+/g, ' ');
    if (!audience || NOT_READERS.test(audience)) continue;
    if (!audiences.some((known) => known.toLowerCase() === audience.toLowerCase())) audiences.push(audience);
  }
  const merge = MERGE.test(goal);
  const withoutAudiences = goal.replace(AUDIENCE, (whole, audience: string) =>
    NOT_READERS.test(audience.trim()) ? whole : ' ',
  );
  const topic = PREAMBLES.reduce(
    (text, preamble) => text.replace(preamble, ''),
    withoutAudiences.replace(MERGE, '').trim(),
  )
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.-]+/, '')
    .replace(/(?:[\s,;:.!?-]|\b(?:and|or|then|both)\b)+$/i, '');
  const instruction = topic === '' ? goal : goal.replace(topic, ' ');
  return { topic: topic === '' ? goal.trim() : topic, audiences, merge, instruction };
}
