/** A chain definition as `GET /chains/:name` gives it (the fields the console draws). */
export interface ChainStep {
  readonly id: string;
  readonly kind?: 'task' | 'branch' | 'loop' | 'map' | 'chain' | 'approval';
  readonly dependsOn?: readonly string[];
  readonly skill?: string;
  readonly agent?: string;
  readonly description?: string;
  readonly branch?: {
    readonly cases: readonly (Block & { readonly when: string })[];
    readonly otherwise?: Block;
  };
  readonly loop?: Block & { readonly until: string; readonly maxIterations: number };
  readonly map?: Block & { readonly over: string; readonly concurrency?: number };
  readonly chain?: { readonly name: string; readonly version?: number };
  readonly approval?: { readonly prompt: string };
}

/** Steps and the step whose artifact is the block's. */
export interface Block {
  readonly steps: readonly ChainStep[];
  readonly result: string;
}

/** A chain: a block with a name. */
export interface ChainDefinition extends Block {
  readonly name: string;
  readonly description: string;
}

/** The blocks a step holds, each with the label the graph gives it. */
export function heldBlocks(
  step: ChainStep,
): { readonly label: string; readonly block: Block; readonly key: string }[] {
  if (step.branch)
    return [
      ...step.branch.cases.map((block, index) => ({
        label: `when ${block.when}`,
        block,
        key: `case-${index}`,
      })),
      ...(step.branch.otherwise
        ? [{ label: 'otherwise', block: step.branch.otherwise, key: 'otherwise' }]
        : []),
    ];
  if (step.loop)
    return [
      {
        label: `until ${step.loop.until} (at most ${step.loop.maxIterations})`,
        block: step.loop,
        key: 'loop',
      },
    ];
  if (step.map) return [{ label: `for each of ${step.map.over}`, block: step.map, key: 'map' }];
  return [];
}

/** What a step is, in a few words: its skill, or its kind and what it does. */
export function describeStep(step: ChainStep): string {
  if (step.skill) return step.skill;
  if (step.agent) return step.agent;
  if (step.chain) return `chain ${step.chain.name}${step.chain.version ? ` v${step.chain.version}` : ''}`;
  if (step.approval) return 'approval';
  return step.kind ?? 'step';
}
