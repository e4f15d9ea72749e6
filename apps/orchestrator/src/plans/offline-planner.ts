import { createHash } from 'node:crypto';
import type { StepInput } from '../chains/chain-nodes.ts';
import { readGoal } from './goal-reading.ts';
import type { PlannerSkill } from './planner-skill.ts';
import { type SkillScore, scoreSkill } from './skill-scores.ts';
import { handedOver, pipelineTo, typedModes } from './typed-modes.ts';

/** What a caller may fix in a plan: its name, description and deadline. */
export interface PlanHints {
  readonly name?: string | undefined;
  readonly description?: string | undefined;
  readonly deadlineMs?: number | undefined;
}

/** A task step of a plan, as a person writes one in a chain file (no defaults spelled out). */
export interface PlannedTask {
  readonly id: string;
  readonly skill: string;
  readonly dependsOn?: readonly string[];
  readonly send: readonly StepInput[];
}

/** A planned chain, as a chain file holds one: what `POST /chains` takes. */
export interface PlannedChain {
  readonly name: string;
  readonly description: string;
  readonly steps: readonly PlannedTask[];
  readonly result: string;
  readonly deadlineMs?: number;
}

/** A plan: the chain, the topic its runs start from, and why it is what it is, sentence by sentence. */
export interface Plan {
  readonly kind: 'plan';
  /** A chain definition in the chain language, before validation. */
  readonly chain: PlannedChain;
  readonly topic: string;
  readonly rationale: readonly string[];
}

/** A goal no plan can serve: why, and the skills that came closest. */
export interface PlanRefusal {
  readonly kind: 'refusal';
  readonly code: 'NO_MATCHING_SKILL' | 'NO_MERGING_SKILL' | 'NO_SKILLS' | 'MODEL_UNAVAILABLE';
  readonly message: string;
  readonly closest: readonly {
    readonly skill: string;
    readonly name: string;
    readonly agent: string;
    readonly score: number;
  }[];
}

/** The least score a skill needs to be what a goal asks for: one word in its id or tags, or more in its text. */
export const MIN_SCORE = 2;
/** Most audiences one plan fans out to. */
export const MAX_AUDIENCES = 6;

/** A step id from words: lower-case letters, digits and dashes, starting with a letter, at most 40. */
function stepIdOf(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^[^a-z]+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'step';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** A skill's step name: the last part of its id (`baton.summary` → `summary`). */
const shortName = (skill: PlannerSkill) => skill.id.split(/[./:]/).at(-1) ?? skill.id;

const quoted = (text: string) => JSON.stringify(text);

/** The closest skills to a goal, for a refusal. */
function closest(scores: readonly SkillScore[]): PlanRefusal['closest'] {
  return [...scores]
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map(({ skill, score }) => ({ skill: skill.id, name: skill.name, agent: skill.agent.name, score }));
}

/** The skills closest to a goal, as the offline planner scores them (for a refusal). */
export function closestSkills(goal: string, skills: readonly PlannerSkill[]): PlanRefusal['closest'] {
  const reading = readGoal(goal);
  return closest(skills.map((skill) => scoreSkill(skill, reading.instruction, reading.topic)));
}

/** Why a skill was chosen: the goal's words it matched, and where. */
function matchedWords(score: SkillScore): string {
  return score.matched.map(({ word, field }) => `"${word}" (${field})`).join(', ');
}

/**
 * Plans a chain for a goal from the skills the agents offer, without a model: deterministic, each choice said in
 * the rationale. The skill the goal asks for is the one whose id, tags, name, description and examples share the
 * most of the goal's words; the steps before it are the skills that make what it takes, by the typed media types
 * of their cards (an outline → a document → a summary); several audiences ("once for beginners and once for
 * experts") make one step each, in parallel, merged by a skill that takes what they make.
 */
export function planOffline(goal: string, skills: readonly PlannerSkill[]): Plan | PlanRefusal {
  if (skills.length === 0)
    return {
      kind: 'refusal',
      code: 'NO_SKILLS',
      message: 'No agent can be reached to plan with: check the agents (GET /agents)',
      closest: [],
    };
  const reading = readGoal(goal);
  const scores = skills.map((skill) => scoreSkill(skill, reading.instruction, reading.topic));
  const best = [...scores].sort((a, b) => b.score - a.score)[0] as SkillScore;
  if (best.score < MIN_SCORE) {
    const names = closest(scores).map((entry) => `${entry.skill} (${entry.name})`);
    const message =
      best.score === 0
        ? `No skill of the agents I know shares a word with ${quoted(goal)}; they offer ${names.join(', ')}, among others`
        : `No skill of the agents I know does what ${quoted(goal)} asks; the closest are ${names.join(', ')}`;
    return { kind: 'refusal', code: 'NO_MATCHING_SKILL', message, closest: closest(scores) };
  }
  const rationale: string[] = [];
  const target = best.skill;
  rationale.push(
    `The goal asks for what ${target.id} (${target.name}, ${target.agent.name}) does: it shares ${matchedWords(best)}.`,
  );
  const pipeline = pipelineTo(target, skills);
  for (let at = pipeline.length - 1; at > 0; at -= 1) {
    const consumer = pipeline[at] as PlannerSkill;
    const producer = pipeline[at - 1] as PlannerSkill;
    rationale.push(
      `${consumer.id} takes ${handedOver(producer, consumer).join(', ')}, which ${producer.id} (${producer.agent.name}) makes.`,
    );
  }
  const source = pipeline[0] as PlannerSkill;
  rationale.push(`${source.id} starts from the topic: ${quoted(reading.topic)}.`);

  const taken = new Set<string>();
  const steps: PlannedTask[] = [];
  const task = (id: string, skill: PlannerSkill, send: StepInput[], dependsOn: string[]) =>
    steps.push({ id, skill: skill.id, ...(dependsOn.length > 0 ? { dependsOn } : {}), send });
  let previous: string | undefined;
  for (const skill of pipeline.slice(0, -1)) {
    const id = stepIdOf(shortName(skill), taken);
    task(
      id,
      skill,
      previous ? [{ artifact: previous }] : [{ topic: true }, { options: true }],
      previous ? [previous] : [],
    );
    previous = id;
  }
  const inputs = (extra: StepInput[]): StepInput[] =>
    previous ? [...extra, { artifact: previous }] : [{ topic: true }, { options: true }, ...extra];
  const audiences = reading.audiences.slice(0, MAX_AUDIENCES);
  let result: string;
  if (audiences.length < 2) {
    result = stepIdOf(shortName(target), taken);
    const audience = audiences[0];
    task(
      result,
      target,
      inputs(audience ? [{ text: `${target.name} for ${audience}.` }] : []),
      previous ? [previous] : [],
    );
    if (audience) rationale.push(`It is for ${audience}: the last step is asked so.`);
  } else {
    const merger = mergerOf(target, skills);
    if (merger === undefined) {
      const made = typedModes(target.outputModes).join(', ') || `what ${target.id} makes`;
      return {
        kind: 'refusal',
        code: 'NO_MERGING_SKILL',
        message: `The goal is for ${audiences.length} audiences (${audiences.join(', ')}), and no skill takes ${made} to merge them into one result`,
        closest: closest(scores),
      };
    }
    const branches = audiences.map((audience) => {
      const id = stepIdOf(`for ${audience}`, taken);
      task(id, target, inputs([{ text: `${target.name} for ${audience}.` }]), previous ? [previous] : []);
      return id;
    });
    result = stepIdOf(/\bbrief\b/i.test(goal) ? 'brief' : 'merged', taken);
    task(
      result,
      merger,
      [
        { text: `Merge these into one brief, a part for each audience.` },
        ...branches.map((artifact) => ({ artifact })),
      ],
      branches,
    );
    rationale.push(
      `It is for ${audiences.length} audiences (${audiences.join(', ')}): one ${target.id} step each, in parallel, ` +
        `then ${merger.id} (${merger.agent.name}) merges them${reading.merge ? ', as the goal asks' : ' into the one result a chain answers'}.`,
    );
  }
  if (reading.audiences.length > MAX_AUDIENCES)
    rationale.push(`Only the first ${MAX_AUDIENCES} audiences are planned for.`);

  const chain: PlannedChain = {
    name: planName(goal, steps),
    description: `Planned from the goal: ${goal}`.slice(0, 500),
    steps,
    result,
  };
  return { kind: 'plan', chain, topic: reading.topic, rationale };
}

/** The skill that merges several results of `target`: one that takes what it makes, best if it says it merges. */
function mergerOf(target: PlannerSkill, skills: readonly PlannerSkill[]): PlannerSkill | undefined {
  const takers = skills.filter((skill) => handedOver(target, skill).length > 0);
  const says = (skill: PlannerSkill) =>
    /\b(merg|combin)/i.test([skill.name, skill.description, ...skill.tags].join(' '));
  return takers.find(says) ?? takers[0];
}

/** A plan's name: `plan-` and a hash of what it does, so the same plan for the same goal is the same chain. */
export function planName(goal: string, steps: readonly PlannedTask[]): string {
  const hash = createHash('sha256').update(JSON.stringify({ goal: goal.trim().toLowerCase(), steps }));
  return `plan-${hash.digest('hex').slice(0, 12)}`;
}
