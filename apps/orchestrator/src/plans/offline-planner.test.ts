import { DOC_AGENT_CARD } from '@baton/doc-agent';
import { OUTLINE_AGENT_CARD } from '@baton/outline-agent';
import { SUMMARY_AGENT_CARD } from '@baton/summary-agent';
import { describe, expect, it } from 'vitest';
import { ChainDefinitionSchema } from '../chains/chain-definition.ts';
import { type Plan, type PlanRefusal, planOffline } from './offline-planner.ts';
import { type PlannerSkill, plannerSkillsOfCards, type SkillCard } from './planner-skill.ts';

const asCard = (card: unknown) => card as SkillCard;
/** The chain's three agents, as the orchestrator finds them. */
const SKILLS = plannerSkillsOfCards([
  { url: 'http://127.0.0.1:4101', card: asCard(OUTLINE_AGENT_CARD) },
  { url: 'http://127.0.0.1:4102', card: asCard(DOC_AGENT_CARD) },
  { url: 'http://127.0.0.1:4103', card: asCard(SUMMARY_AGENT_CARD) },
]);

function planned(goal: string, skills: readonly PlannerSkill[] = SKILLS): Plan {
  const plan = planOffline(goal, skills);
  if (plan.kind !== 'plan') throw new Error(`refused: ${plan.message}`);
  return plan;
}

/** A plan's shape: each step as `id: skill <- dependencies`. */
const shapeOf = (plan: Plan) =>
  plan.chain.steps.map(
    (step) => `${step.id}: ${step.skill}${step.dependsOn ? ` <- ${step.dependsOn.join(', ')}` : ''}`,
  );

describe('the offline planner', () => {
  it('plans the glaciers goal as outline, document, a summary per audience in parallel, and a merged brief', () => {
    const plan = planned(
      'Explain how glaciers shape valleys, once for beginners and once for experts, and merge both into one brief',
    );
    expect(shapeOf(plan)).toEqual([
      'outline: baton.outline',
      'document: baton.document <- outline',
      'for-beginners: baton.summary <- document',
      'for-experts: baton.summary <- document',
      'brief: baton.summary <- for-beginners, for-experts',
    ]);
    expect(plan.chain.result).toBe('brief');
    expect(plan.topic).toBe('how glaciers shape valleys');
    expect(plan.chain.steps[2]?.send).toEqual([
      { text: 'Summarize a document for beginners.' },
      { artifact: 'document' },
    ]);
    expect(plan.chain.steps[4]?.send.slice(1)).toEqual([
      { artifact: 'for-beginners' },
      { artifact: 'for-experts' },
    ]);
    // Valid as it is: what POST /chains takes.
    expect(ChainDefinitionSchema.safeParse(plan.chain).success).toBe(true);
    expect(plan.rationale.join(' ')).toMatch(/baton\.summary takes application\/vnd\.baton\.document\+json/);
  });

  it.each([
    ['Outline the history of tea', ['outline: baton.outline'], 'the history of tea'],
    [
      'Explain how solar panels work',
      ['outline: baton.outline', 'document: baton.document <- outline'],
      'how solar panels work',
    ],
    [
      'Write an article about urban beekeeping for children',
      ['outline: baton.outline', 'document: baton.document <- outline'],
      'urban beekeeping',
    ],
    [
      'Summarize the history of the printing press',
      ['outline: baton.outline', 'document: baton.document <- outline', 'summary: baton.summary <- document'],
      'the history of the printing press',
    ],
    [
      'A brief on sourdough for managers and one for bakers',
      [
        'outline: baton.outline',
        'document: baton.document <- outline',
        'for-managers: baton.summary <- document',
        'for-bakers: baton.summary <- document',
        'brief: baton.summary <- for-managers, for-bakers',
      ],
      'sourdough',
    ],
  ])('%s', (goal, shape, topic) => {
    const plan = planned(goal);
    expect(shapeOf(plan)).toEqual(shape);
    expect(plan.topic).toBe(topic);
    expect(ChainDefinitionSchema.safeParse(plan.chain).success).toBe(true);
  });

  it('asks the last step for the one audience a goal names', () => {
    const plan = planned('Write an article about urban beekeeping for children');
    expect(plan.chain.steps.at(-1)?.send).toEqual([
      { text: 'Write a document from an outline for children.' },
      { artifact: 'outline' },
    ]);
  });

  it('is deterministic: the same goal and skills give the same chain and name', () => {
    const goal = 'Explain how glaciers shape valleys for hikers';
    expect(planned(goal).chain).toEqual(planned(goal).chain);
    expect(planned(goal).chain.name).toMatch(/^plan-[0-9a-f]{12}$/);
    expect(planned(goal).chain.name).not.toBe(planned('Explain how rivers shape valleys').chain.name);
  });

  it.each([
    ['Book me a flight to Lisbon next Tuesday'],
    ['Translate this contract into German'],
    ['What is the weather in Oslo?'],
  ])('refuses %s, naming the closest skills', (goal) => {
    const refusal = planOffline(goal, SKILLS) as PlanRefusal;
    expect(refusal.kind).toBe('refusal');
    expect(refusal.code).toBe('NO_MATCHING_SKILL');
    expect(refusal.closest).toHaveLength(3);
    expect(refusal.message).toContain(refusal.closest[0]?.skill);
  });

  it('refuses several audiences when nothing merges what they get', () => {
    const withoutMerging = SKILLS.map((skill) =>
      skill.id === 'baton.summary'
        ? { ...skill, inputModes: skill.inputModes.filter((mode) => !mode.includes('summary')) }
        : skill,
    );
    const refusal = planOffline(
      'Summarize tea once for beginners and once for experts',
      withoutMerging,
    ) as PlanRefusal;
    expect(refusal.code).toBe('NO_MERGING_SKILL');
    expect(refusal.message).toContain('beginners, experts');
  });

  it('refuses when no agent can be reached', () => {
    expect(planOffline('Outline tea', []).kind).toBe('refusal');
  });

  it('plans with any agent whose card types its data, not only the chain’s', () => {
    const card: SkillCard = {
      name: 'Slides agent',
      defaultInputModes: ['application/json'],
      defaultOutputModes: ['application/json'],
      skills: [
        {
          id: 'acme.slides',
          name: 'Make slides',
          description: 'Turns a document into a slide deck.',
          tags: ['slides', 'presentation', 'deck'],
          inputModes: ['application/vnd.baton.document+json'],
          outputModes: ['application/vnd.acme.deck+json'],
        },
      ],
    };
    const skills = [...SKILLS, ...plannerSkillsOfCards([{ url: 'http://127.0.0.1:4200', card }])];
    const plan = planned('Make a slide deck about coral reefs', skills);
    expect(shapeOf(plan)).toEqual([
      'outline: baton.outline',
      'document: baton.document <- outline',
      'slides: acme.slides <- document',
    ]);
    expect(plan.topic).toBe('coral reefs');
  });
});
