import { z } from 'zod';

const StepId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes, starting with a letter');

/** One part of what a step sends: the run's topic, its options, a previous step's artifact, or fixed text. */
export const StepInputSchema = z.union([
  z.object({ topic: z.literal(true) }).strict(),
  z.object({ options: z.literal(true) }).strict(),
  z.object({ artifact: StepId }).strict(),
  z.object({ text: z.string().min(1).max(2_000) }).strict(),
  z.object({ data: z.record(z.string(), z.unknown()) }).strict(),
]);
/** One part of what a step sends. */
export type StepInput = z.infer<typeof StepInputSchema>;

/** What to do when a step's task fails: how many new tasks to try, in the same context. */
export const RetryPolicySchema = z
  .object({
    attempts: z.number().int().min(1).max(5),
    delayMs: z.number().int().min(0).max(60_000).default(0),
  })
  .strict();

/** A step: the skill (or agent) it needs, what it sends, what it waits for, and its time and retry limits. */
export const ChainStepSchema = z
  .object({
    id: StepId,
    description: z.string().max(500).optional(),
    /** A skill id the agents' cards declare (the step goes to the first agent offering it)... */
    skill: z.string().min(1).max(200).optional(),
    /** ...or a specific agent's base URL. */
    agent: z.url().optional(),
    send: z.array(StepInputSchema).min(1).max(10),
    dependsOn: z.array(StepId).max(20).default([]),
    timeoutMs: z.number().int().min(1_000).max(3_600_000).default(120_000),
    retry: RetryPolicySchema.optional(),
  })
  .strict()
  .refine((step) => (step.skill === undefined) !== (step.agent === undefined), {
    message: 'needs exactly one of skill and agent',
  });
/** A step of a chain definition. */
export type ChainStepDefinition = z.infer<typeof ChainStepSchema>;

/** A chain: named steps forming a DAG, and the step whose artifact is the run's result. */
export const ChainDefinitionSchema = z
  .object({
    name: StepId,
    description: z.string().min(1).max(500),
    steps: z.array(ChainStepSchema).min(1).max(50),
    result: StepId,
  })
  .strict()
  .superRefine((chain, context) => {
    for (const problem of chainProblems(chain)) context.addIssue({ code: 'custom', ...problem });
  });
/** A chain definition, as data. */
export type ChainDefinition = z.infer<typeof ChainDefinitionSchema>;

interface Problem {
  readonly path: (string | number)[];
  readonly message: string;
}

/**
 * What is wrong with a chain's graph, each problem at its path: duplicate step ids, a dependency or an artifact
 * input naming no step, an artifact read from a step it does not wait for, a cycle, an unknown result step.
 */
function chainProblems(chain: {
  readonly steps: readonly {
    readonly id: string;
    readonly dependsOn: readonly string[];
    readonly send: readonly StepInput[];
  }[];
  readonly result: string;
}): Problem[] {
  const problems: Problem[] = [];
  const index = new Map<string, number>();
  chain.steps.forEach((step, at) => {
    if (index.has(step.id))
      problems.push({ path: ['steps', at, 'id'], message: `duplicates step "${step.id}"` });
    else index.set(step.id, at);
  });
  chain.steps.forEach((step, at) => {
    step.dependsOn.forEach((dependency, position) => {
      if (!index.has(dependency)) {
        problems.push({
          path: ['steps', at, 'dependsOn', position],
          message: `names no step: "${dependency}"`,
        });
      }
      if (dependency === step.id) {
        problems.push({
          path: ['steps', at, 'dependsOn', position],
          message: 'a step cannot depend on itself',
        });
      }
    });
  });
  if (!index.has(chain.result))
    problems.push({ path: ['result'], message: `names no step: "${chain.result}"` });
  if (problems.length > 0) return problems;

  const cycle = findCycle(chain.steps);
  if (cycle) {
    const at = index.get(cycle[0] ?? '') ?? 0;
    problems.push({
      path: ['steps', at, 'dependsOn'],
      message: `forms a cycle (each step waits for the next): ${cycle.join(' → ')}`,
    });
    return problems;
  }
  const ancestors = ancestorsOf(chain.steps);
  chain.steps.forEach((step, at) => {
    step.send.forEach((input, position) => {
      if (!('artifact' in input)) return;
      if (!index.has(input.artifact)) {
        problems.push({
          path: ['steps', at, 'send', position, 'artifact'],
          message: `names no step: "${input.artifact}"`,
        });
      } else if (!ancestors.get(step.id)?.has(input.artifact)) {
        problems.push({
          path: ['steps', at, 'send', position, 'artifact'],
          message: `reads the artifact of "${input.artifact}", which "${step.id}" does not depend on`,
        });
      }
    });
  });
  return problems;
}

type GraphStep = { readonly id: string; readonly dependsOn: readonly string[] };

/** A cycle in the dependencies, as the ids along it (first id repeated at the end), or `undefined`. */
export function findCycle(steps: readonly GraphStep[]): string[] | undefined {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const state = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...trail.slice(trail.indexOf(id)), id];
    state.set(id, 'visiting');
    trail.push(id);
    for (const dependency of byId.get(id)?.dependsOn ?? []) {
      const found = visit(dependency);
      if (found) return found;
    }
    trail.pop();
    state.set(id, 'done');
    return undefined;
  };
  for (const step of steps) {
    const found = visit(step.id);
    if (found) return found;
  }
  return undefined;
}

/** Every step's ancestors: the steps it waits for, directly or through others. */
function ancestorsOf(steps: readonly GraphStep[]): Map<string, Set<string>> {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const memo = new Map<string, Set<string>>();
  const of = (id: string): Set<string> => {
    const known = memo.get(id);
    if (known) return known;
    const found = new Set<string>();
    memo.set(id, found);
    for (const dependency of byId.get(id)?.dependsOn ?? []) {
      found.add(dependency);
      for (const further of of(dependency)) found.add(further);
    }
    return found;
  };
  for (const step of steps) of(step.id);
  return memo;
}

/**
 * The order steps may run in: waves of steps whose dependencies are all in earlier waves. Steps of one wave
 * can run in parallel. Assumes a valid (acyclic) chain.
 */
export function planWaves(steps: readonly GraphStep[]): string[][] {
  const waves: string[][] = [];
  const placed = new Set<string>();
  while (placed.size < steps.length) {
    const wave = steps
      .filter((step) => !placed.has(step.id) && step.dependsOn.every((dependency) => placed.has(dependency)))
      .map((step) => step.id);
    if (wave.length === 0) throw new Error('The chain has a cycle');
    for (const id of wave) placed.add(id);
    waves.push(wave);
  }
  return waves;
}

/** The steps that wait for `id`, directly or through others, in the chain's order. */
export function dependantsOf(steps: readonly GraphStep[], id: string): string[] {
  const ancestors = ancestorsOf(steps);
  return steps.filter((step) => ancestors.get(step.id)?.has(id)).map((step) => step.id);
}
