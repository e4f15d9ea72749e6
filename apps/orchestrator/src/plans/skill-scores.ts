import { STOP_WORDS } from '@baton/chain';
import { stemmer } from 'stemmer';
import type { PlannerSkill } from './planner-skill.ts';

/** How much a goal word found in each part of a skill counts: its id and tags most, its examples least. */
const WEIGHTS = { id: 3, tags: 3, name: 2, description: 1, examples: 0.5 } as const;
type SkillField = keyof typeof WEIGHTS;

/** How well a skill matches a goal, and the goal words that matched, each with where. */
export interface SkillScore {
  readonly skill: PlannerSkill;
  readonly score: number;
  readonly matched: readonly { readonly word: string; readonly field: SkillField }[];
}

/** The words of a text, each with its stem, without function words ("the", "once", "for"). */
export function wordsOf(text: string): { readonly word: string; readonly stem: string }[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}']*/gu) ?? [])
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map((word) => ({ word, stem: stemmer(word.replace(/'s?$/, '')) }));
}

/** The stems of a text's words. */
export function stemsOf(text: string): string[] {
  return wordsOf(text).map(({ stem }) => stem);
}

/** Two stems name the same thing: equal, or the shorter (5 letters or more) begins the longer ("summar", "summari"). */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short);
}

/** Each field's stems, for one skill. */
function fieldsOf(skill: PlannerSkill): Record<SkillField, string[]> {
  return {
    id: stemsOf(skill.id.replace(/[._-]/g, ' ')),
    tags: skill.tags.flatMap((tag) => stemsOf(tag.replace(/[._-]/g, ' '))),
    name: stemsOf(skill.name),
    description: stemsOf(skill.description),
    examples: skill.examples.flatMap(stemsOf),
  };
}

/**
 * Scores a skill against the goal: each word of `instruction` (what to make) found in the skill counts by the best
 * field it is in; each word of `topic` (what it is about) a quarter of that, so a topic that happens to share a
 * word with a skill does not choose it.
 */
export function scoreSkill(skill: PlannerSkill, instruction: string, topic: string): SkillScore {
  const fields = fieldsOf(skill);
  const matched: { word: string; field: SkillField }[] = [];
  let score = 0;
  const seen = new Set<string>();
  const words = [
    ...wordsOf(instruction).map((word) => ({ ...word, weight: 1 })),
    ...wordsOf(topic).map((word) => ({ ...word, weight: 0.25 })),
  ];
  for (const { word, stem, weight } of words) {
    if (seen.has(stem)) continue;
    seen.add(stem);
    const field = (Object.keys(WEIGHTS) as SkillField[]).find((name) =>
      fields[name].some((known) => sameStem(known, stem)),
    );
    if (field === undefined) continue;
    score += WEIGHTS[field] * weight;
    matched.push({ word, field });
  }
  return { skill, score, matched };
}
