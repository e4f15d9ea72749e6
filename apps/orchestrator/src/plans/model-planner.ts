import { type ModelConnection, requestLlmJson } from '@baton/chain';
import { AgentFailure } from '@baton/server';
import { z } from 'zod';
import { ChainDefinitionSchema } from '../chains/chain-definition.ts';
import { StepIdSchema } from '../chains/chain-nodes.ts';
import { closestSkills, type PlannedChain, type PlanRefusal, planName } from './offline-planner.ts';
import type { PlannerSkill } from './planner-skill.ts';

/** A plan the model proposed, checked against the chain schema and the skills that exist. */
export interface ModelPlan {
  readonly kind: 'plan';
  readonly chain: PlannedChain;
  readonly topic: string;
  readonly rationale: readonly string[];
}

/** The model gave no valid plan (after one repair), or could not be reached. */
export interface ModelFailure {
  readonly kind: 'failure';
  readonly code: 'INVALID_PLAN' | 'MODEL_UNAVAILABLE';
  readonly message: string;
}

/** Most steps a model's plan may have. */
const MAX_MODEL_STEPS = 20;

/** What a step of a model's plan may send: the run's topic and options, an artifact, or fixed text. */
const PlanInputSchema = z.union([
  z.object({ topic: z.literal(true) }).strict(),
  z.object({ options: z.literal(true) }).strict(),
  z.object({ artifact: StepIdSchema }).strict(),
  z.object({ text: z.string().min(1).max(2_000) }).strict(),
]);

/** The reply: a plan of task steps over the skills that exist, or a refusal saying why none fits. */
function replySchema(skills: readonly PlannerSkill[]) {
  const ids = skills.map((skill) => skill.id);
  const StepSchema = z
    .object({
      id: StepIdSchema,
      skill: z.string().refine((id) => ids.includes(id), {
        message: `must be one of the skills that exist: ${ids.join(', ')}`,
      }),
      dependsOn: z.array(StepIdSchema).max(20).optional(),
      send: z.array(PlanInputSchema).min(1).max(10),
    })
    .strict();
  const PlanSchema = z
    .object({
      topic: z.string().trim().min(1).max(2_000),
      rationale: z.array(z.string().min(1).max(500)).min(1).max(12),
      chain: z
        .object({
          description: z.string().min(1).max(500),
          steps: z.array(StepSchema).min(1).max(MAX_MODEL_STEPS),
          result: StepIdSchema,
        })
        .strict(),
    })
    .strict()
    .superRefine((plan, context) => {
      // The chain language's own checks: dependencies that exist, no cycle, artifacts read from steps waited for.
      const checked = ChainDefinitionSchema.safeParse({ name: 'plan', ...plan.chain });
      if (checked.success) return;
      for (const issue of checked.error.issues)
        context.addIssue({ code: 'custom', path: ['chain', ...issue.path], message: issue.message });
    });
  const RefusalSchema = z.object({ refuse: z.string().min(1).max(500) }).strict();
  // One shape or the other by its keys, so that what was wrong is said field by field (a union says "invalid").
  return z
    .unknown()
    .transform((value, context): z.output<typeof RefusalSchema> | z.output<typeof PlanSchema> => {
      const refusal = typeof value === 'object' && value !== null && 'refuse' in value;
      const parsed = (refusal ? RefusalSchema : PlanSchema).safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    });
}

/** The same shape as JSON Schema, for servers that constrain their output to one (structured outputs). */
function replyJsonSchema(skills: readonly PlannerSkill[]): Record<string, unknown> {
  const string = { type: 'string' };
  const input = {
    type: 'object',
    properties: { topic: { type: 'boolean' }, options: { type: 'boolean' }, artifact: string, text: string },
    additionalProperties: false,
  };
  const step = {
    type: 'object',
    properties: {
      id: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,39}$' },
      skill: { type: 'string', enum: skills.map((skill) => skill.id) },
      dependsOn: { type: 'array', items: string },
      send: { type: 'array', items: input, minItems: 1 },
    },
    required: ['id', 'skill', 'send'],
    additionalProperties: false,
  };
  return {
    type: 'object',
    properties: {
      refuse: string,
      topic: string,
      rationale: { type: 'array', items: string },
      chain: {
        type: 'object',
        properties: {
          description: string,
          steps: { type: 'array', items: step, minItems: 1, maxItems: MAX_MODEL_STEPS },
          result: string,
        },
        required: ['description', 'steps', 'result'],
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

/** What the model is told: the chain language it may use, the skills, and the reply's shape. */
function systemPrompt(skills: readonly PlannerSkill[]): string {
  const listed = skills.map((skill) =>
    JSON.stringify({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      tags: skill.tags,
      examples: skill.examples.slice(0, 3),
      takes: skill.inputModes,
      makes: skill.outputModes,
    }),
  );
  return [
    'You plan workflows of A2A agents. Given a goal, answer one JSON object and nothing else:',
    '{"topic": "what the run is about", "rationale": ["why each choice, one sentence each"], "chain": {"description": "…", "steps": [{"id": "outline", "skill": "<a skill id>", "dependsOn": ["<step id>"], "send": [{"topic": true} | {"options": true} | {"artifact": "<a step it depends on>"} | {"text": "an instruction"}]}], "result": "<the step whose artifact answers the goal>"}}',
    'Step ids are lower-case letters, digits and dashes. Steps run as soon as the steps they depend on are done, so independent steps run in parallel. A step may read the artifact only of a step it depends on. No cycles.',
    'Use only these skills (takes/makes are media types: a skill that makes a type can feed a skill that takes it):',
    ...listed,
    'If no skill can serve the goal, answer {"refuse": "why"} instead of inventing one.',
  ].join('\n');
}

/**
 * Asks the model for a plan through structured output constrained to the plan's shape and the skills that exist,
 * then checks it as the chain language does; an invalid reply is sent back once with what was wrong. A refusal
 * names the closest skills as the offline planner scores them.
 */
export async function planWithModel(
  goal: string,
  skills: readonly PlannerSkill[],
  connection: ModelConnection,
  signal: AbortSignal = AbortSignal.timeout(120_000),
): Promise<ModelPlan | ModelFailure | PlanRefusal> {
  let reply: z.output<ReturnType<typeof replySchema>>;
  try {
    reply = await requestLlmJson({
      connection,
      system: systemPrompt(skills),
      user: `Goal: ${goal}`,
      schema: replySchema(skills),
      jsonSchema: { name: 'plan', schema: replyJsonSchema(skills) },
      what: 'plan',
      signal,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const invalid = /did not return a valid plan/.test(message);
    if (!(error instanceof AgentFailure) && !invalid) throw error;
    return { kind: 'failure', code: invalid ? 'INVALID_PLAN' : 'MODEL_UNAVAILABLE', message };
  }
  if ('refuse' in reply)
    return {
      kind: 'refusal',
      code: 'NO_MATCHING_SKILL',
      message: `The model found no skill for ${JSON.stringify(goal)}: ${reply.refuse}`,
      closest: closestSkills(goal, skills),
    };
  const steps = reply.chain.steps.map((step) => ({
    id: step.id,
    skill: step.skill,
    ...(step.dependsOn?.length ? { dependsOn: step.dependsOn } : {}),
    send: step.send,
  }));
  const chain: PlannedChain = {
    name: planName(goal, steps),
    description: reply.chain.description,
    steps,
    result: reply.chain.result,
  };
  return { kind: 'plan', chain, topic: reply.topic, rationale: reply.rationale };
}
