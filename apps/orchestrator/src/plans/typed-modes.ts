import type { PlannerSkill } from './planner-skill.ts';

/** Media types that say nothing about what the data is: any skill takes or makes them. */
const GENERIC = new Set([
  'text/plain',
  'text/markdown',
  'text/html',
  'application/json',
  'application/octet-stream',
  '*/*',
]);

/** The media types of a list that name a kind of data (`application/vnd.baton.outline+json`), parameters dropped. */
export function typedModes(modes: readonly string[]): string[] {
  return modes
    .map((mode) => mode.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter((mode) => mode !== '' && !GENERIC.has(mode) && !mode.endsWith('/*'));
}

/** The typed modes `producer` makes that `consumer` takes: what one can hand the other. */
export function handedOver(producer: PlannerSkill, consumer: PlannerSkill): string[] {
  const takes = new Set(typedModes(consumer.inputModes));
  return typedModes(producer.outputModes).filter((mode) => takes.has(mode));
}

/** Most skills a pipeline chains (and how far its search looks back). */
export const MAX_PIPELINE = 8;

/**
 * The skills that lead to `goal`, first to last: from `goal` back through a skill that makes a typed input of it,
 * and so on until a skill whose typed inputs nobody makes (it starts from the topic). At each step the producer
 * with the shortest such path wins, then the one listed first. A skill is never used twice.
 */
export function pipelineTo(goal: PlannerSkill, skills: readonly PlannerSkill[]): PlannerSkill[] {
  const producersOf = (consumer: PlannerSkill, used: ReadonlySet<string>) =>
    skills.filter((skill) => !used.has(skill.id) && handedOver(skill, consumer).length > 0);
  const depth = (skill: PlannerSkill, used: ReadonlySet<string>): number => {
    if (used.size >= MAX_PIPELINE) return 0;
    const next = new Set([...used, skill.id]);
    const producers = producersOf(skill, next);
    return producers.length === 0 ? 0 : 1 + Math.min(...producers.map((producer) => depth(producer, next)));
  };
  const pipeline = [goal];
  const used = new Set([goal.id]);
  while (pipeline.length < MAX_PIPELINE) {
    const head = pipeline[0] as PlannerSkill;
    const producers = producersOf(head, used);
    if (producers.length === 0) return pipeline;
    const best = producers
      .map((producer, order) => ({ producer, order, depth: depth(producer, used) }))
      .sort((a, b) => a.depth - b.depth || a.order - b.order)[0]?.producer as PlannerSkill;
    pipeline.unshift(best);
    used.add(best.id);
  }
  return pipeline;
}
