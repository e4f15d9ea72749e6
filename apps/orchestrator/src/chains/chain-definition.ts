import { z } from 'zod';
import type { Block, ChainNode, TaskNode } from '../chains/chain-nodes.ts';
import type { Problem, StaticScope } from '../nodes/node-kind.ts';
import { blocksOf, ChainNodeSchema, kindOf, walkNodes } from '../nodes/node-kinds.ts';
import { DeadlineMsSchema, StepIdSchema } from './chain-nodes.ts';

/** Most steps a chain holds, nested ones included. */
export const MAX_CHAIN_STEPS = 200;
/** How deeply blocks may nest (a map in a loop in a branch is 3). */
export const MAX_CHAIN_DEPTH = 5;

/** A chain: named steps forming a DAG (each of any kind, some holding blocks of their own), and its result step. */
export const ChainDefinitionSchema = z
  .object({
    name: StepIdSchema,
    description: z.string().min(1).max(500),
    steps: z.array(ChainNodeSchema).min(1).max(50),
    result: StepIdSchema,
    /** Longest a run of it may take before it is canceled with its remote tasks; default none. */
    deadlineMs: DeadlineMsSchema.optional(),
  })
  .strict()
  .superRefine((chain, context) => {
    for (const problem of chainProblems(chain)) context.addIssue({ code: 'custom', ...problem });
  });
/** A chain definition, as data. */
export type ChainDefinition = z.infer<typeof ChainDefinitionSchema>;
/** A task step of a chain definition (one agent call). */
export type ChainStepDefinition = TaskNode;

/** The skills a chain's task steps ask for, nested ones included, each once. */
export function skillsOf(chain: Block): string[] {
  const skills = new Set<string>();
  for (const { node } of walkNodes(chain)) if (node.kind === 'task' && node.skill) skills.add(node.skill);
  return [...skills];
}

/**
 * What is wrong with a chain, each problem at its path: too many steps or too deep, duplicate step ids (unique in
 * the whole chain), and in each block: a dependency naming no step of the block, a cycle (a loop is the only way
 * back), a result naming no step it can see, and each step's own problems where it stands (an artifact it cannot
 * see, an item outside a map, an expression that does not parse or names what is not in scope).
 */
export function chainProblems(chain: Block): Problem[] {
  const problems: Problem[] = [];
  const known = new Set<string>();
  let count = 0;
  for (const { node, path, depth } of walkNodes(chain)) {
    count += 1;
    if (depth > MAX_CHAIN_DEPTH)
      problems.push({ path, message: `nests blocks deeper than ${MAX_CHAIN_DEPTH}` });
    if (known.has(node.id)) problems.push({ path: [...path, 'id'], message: `duplicates step "${node.id}"` });
    known.add(node.id);
  }
  if (count > MAX_CHAIN_STEPS)
    problems.push({ path: ['steps'], message: `has ${count} steps in all, more than ${MAX_CHAIN_STEPS}` });
  if (problems.length > 0) return problems;
  return blockProblems(chain, [], { visible: [], item: false, iteration: false, known });
}

/** The problems of one block where it stands (`outer`: what its enclosing steps see). */
function blockProblems(block: Block, path: (string | number)[], outer: StaticScope): Problem[] {
  const problems: Problem[] = [];
  const index = new Map(block.steps.map((step, at) => [step.id, at]));
  block.steps.forEach((step, at) => {
    step.dependsOn.forEach((dependency, position) => {
      const where = [...path, 'steps', at, 'dependsOn', position];
      if (!index.has(dependency)) {
        problems.push({
          path: where,
          message: outer.known.has(dependency)
            ? `names a step outside this block: "${dependency}" (what the block's step waits for is already done)`
            : `names no step: "${dependency}"`,
        });
      }
      if (dependency === step.id) problems.push({ path: where, message: 'a step cannot depend on itself' });
    });
  });
  if (problems.length > 0) return problems;
  const cycle = findCycle(block.steps);
  if (cycle) {
    const at = index.get(cycle[0] ?? '') ?? 0;
    return [
      {
        path: [...path, 'steps', at, 'dependsOn'],
        message: `forms a cycle (each step waits for the next): ${cycle.join(' → ')}; use a loop to repeat steps`,
      },
    ];
  }
  if (!index.has(block.result) && !outer.visible.includes(block.result))
    problems.push({ path: [...path, 'result'], message: `names no step: "${block.result}"` });
  const ancestors = ancestorsOf(block.steps);
  block.steps.forEach((step, at) => {
    const here = [...path, 'steps', at];
    const scope: StaticScope = {
      ...outer,
      visible: [...outer.visible, ...(ancestors.get(step.id) ?? [])],
    };
    for (const problem of kindOf(step).problems(step, scope))
      problems.push({ path: [...here, ...problem.path], message: problem.message });
    for (const held of blocksOf(step)) {
      problems.push(
        ...blockProblems(held.block, [...here, ...held.path], {
          known: outer.known,
          item: scope.item || held.item === true,
          iteration: scope.iteration || held.iteration === true,
          // Inside a loop, its own id reads its value so far.
          visible: held.iteration ? [...scope.visible, step.id] : scope.visible,
        }),
      );
    }
  });
  return problems;
}

type GraphStep = Pick<ChainNode, 'id' | 'dependsOn'>;

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
