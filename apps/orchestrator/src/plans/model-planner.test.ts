import { createModelConnection } from '@baton/chain';
import { type StandInReply, startOpenAiStandIn } from '@baton/chain/testing';
import { DOC_AGENT_CARD } from '@baton/doc-agent';
import { OUTLINE_AGENT_CARD } from '@baton/outline-agent';
import { SUMMARY_AGENT_CARD } from '@baton/summary-agent';
import { afterEach, describe, expect, it } from 'vitest';
import { ChainDefinitionSchema } from '../chains/chain-definition.ts';
import { planWithModel } from './model-planner.ts';
import { plannerSkillsOfCards, type SkillCard } from './planner-skill.ts';

const SKILLS = plannerSkillsOfCards(
  [OUTLINE_AGENT_CARD, DOC_AGENT_CARD, SUMMARY_AGENT_CARD].map((card, at) => ({
    url: `http://127.0.0.1:${4101 + at}`,
    card: card as unknown as SkillCard,
  })),
);
const GOAL = 'Explain how glaciers shape valleys, then summarize it';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function plan(replies: StandInReply[]) {
  const standIn = await startOpenAiStandIn(replies);
  close = standIn.close;
  const connection = createModelConnection({
    baseURL: standIn.baseURL,
    apiKey: 'sk-test',
    model: 'planner-model',
    attempts: 1,
  });
  return { outcome: await planWithModel(GOAL, SKILLS, connection), requests: standIn.requests };
}

const json = (value: unknown): StandInReply => ({ content: JSON.stringify(value) });
const step = (id: string, skill: string, dependsOn: string[], send: object[]) => ({
  id,
  skill,
  dependsOn,
  send,
});
const GOOD = {
  topic: 'how glaciers shape valleys',
  rationale: ['An outline first, then the document, then its summary.'],
  chain: {
    description: 'Glaciers, written up and summarized',
    steps: [
      step('outline', 'baton.outline', [], [{ topic: true }]),
      step('document', 'baton.document', ['outline'], [{ artifact: 'outline' }]),
      step('summary', 'baton.summary', ['document'], [{ artifact: 'document' }]),
    ],
    result: 'summary',
  },
};

describe('the model planner', () => {
  it('asks through structured output constrained to the skills that exist, and answers a plan the chain checks accept', async () => {
    const { outcome, requests } = await plan([json(GOOD)]);
    expect(outcome.kind).toBe('plan');
    if (outcome.kind !== 'plan') return;
    expect(outcome.chain.steps.map((planned) => planned.skill)).toEqual([
      'baton.outline',
      'baton.document',
      'baton.summary',
    ]);
    expect(outcome.chain.name).toMatch(/^plan-/);
    expect(ChainDefinitionSchema.safeParse(outcome.chain).success).toBe(true);
    const format = requests[0]?.body.response_format as { type: string; json_schema: { schema: object } };
    expect(format.type).toBe('json_schema');
    expect(JSON.stringify(format.json_schema.schema)).toContain('"enum":["baton.outline","baton.document"');
    expect(requests[0]?.body.messages[0]?.content).toContain('baton.review');
  });

  it('sends an invalid plan back once with what was wrong, and takes the repaired one', async () => {
    const cyclic = {
      ...GOOD,
      chain: {
        ...GOOD.chain,
        steps: [
          step('outline', 'baton.outline', ['summary'], [{ topic: true }]),
          ...GOOD.chain.steps.slice(1),
        ],
      },
    };
    const { outcome, requests } = await plan([json(cyclic), json(GOOD)]);
    expect(outcome.kind).toBe('plan');
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body.messages.at(-1)?.content).toMatch(/not valid: .*cycle/);
  });

  it.each([
    [
      'a skill that does not exist',
      {
        ...GOOD,
        chain: { ...GOOD.chain, steps: [step('x', 'acme.exfiltrate', [], [{ topic: true }])], result: 'x' },
      },
      /must be one of the skills that exist/,
    ],
    [
      'an agent URL instead of a skill',
      {
        ...GOOD,
        chain: {
          ...GOOD.chain,
          steps: [{ id: 'x', agent: 'http://169.254.169.254/latest', send: [{ topic: true }] }],
          result: 'x',
        },
      },
      /Unrecognized key|agent/,
    ],
    [
      'more steps than a plan may have',
      {
        ...GOOD,
        chain: {
          ...GOOD.chain,
          steps: Array.from({ length: 25 }, (_, at) =>
            step(`s${at}`, 'baton.outline', [], [{ topic: true }]),
          ),
          result: 's0',
        },
      },
      /at most 20|<=20|too big/i,
    ],
    ['prose instead of JSON', 'I would start with an outline.', /contains no JSON object/],
  ])('refuses %s twice over, never running it', async (_what, reply, problem) => {
    const answer: StandInReply = typeof reply === 'string' ? { content: reply } : json(reply);
    const { outcome, requests } = await plan([answer, answer]);
    expect(requests).toHaveLength(2);
    expect(outcome.kind).toBe('failure');
    if (outcome.kind !== 'failure') return;
    expect(outcome.code).toBe('INVALID_PLAN');
    expect(outcome.message).toMatch(problem);
  });

  it('passes on a refusal, naming the closest skills', async () => {
    const { outcome } = await plan([json({ refuse: 'No skill books travel.' })]);
    expect(outcome).toMatchObject({ kind: 'refusal', code: 'NO_MATCHING_SKILL' });
    if (outcome.kind !== 'refusal') return;
    expect(outcome.message).toContain('No skill books travel.');
    expect(outcome.closest).toHaveLength(3);
  });

  it('says the model cannot be reached when its server fails', async () => {
    const { outcome } = await plan([{ status: 500, message: 'The model crashed' }]);
    expect(outcome).toMatchObject({ kind: 'failure', code: 'MODEL_UNAVAILABLE' });
  });
});
