import dagre from '@dagrejs/dagre';
import { type Block, type ChainStep, heldBlocks } from './chain-types.ts';

/** A step placed on the drawing: its box (top-left, size) and the blocks it holds, each laid out inside it. */
export interface PlacedStep {
  readonly step: ChainStep;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly inner: readonly {
    readonly label: string;
    readonly key: string;
    readonly y: number;
    readonly laid: LaidBlock;
  }[];
}

/** A block laid out: its size, its steps, and its edges as polylines. */
export interface LaidBlock {
  readonly width: number;
  readonly height: number;
  readonly steps: readonly PlacedStep[];
  readonly edges: readonly {
    readonly from: string;
    readonly to: string;
    readonly points: readonly { x: number; y: number }[];
  }[];
  /** A block of no steps: the artifact it hands on. */
  readonly passes?: string;
}

const TASK = { width: 168, height: 48 };
const HEADER = 40;
const BLOCK_LABEL = 20;
const PAD = 10;

/**
 * Lays a block out left to right with dagre, inside out: a step that holds blocks is a box big enough for them,
 * each laid out first, under a label (a branch's condition, a map's list, a loop's condition).
 */
export function layoutBlock(block: Block, nested = false): LaidBlock {
  // A block of no steps passes an artifact it sees through: drawn as a line that says which.
  if (block.steps.length === 0)
    return { width: TASK.width, height: 28, steps: [], edges: [], passes: block.result };
  const graph = new dagre.graphlib.Graph();
  // The chain runs left to right; the blocks inside a step run top to bottom, so wide chains stay readable.
  graph.setGraph({
    rankdir: nested ? 'TB' : 'LR',
    nodesep: 18,
    ranksep: nested ? 24 : 36,
    marginx: PAD,
    marginy: PAD,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  const inner = new Map<string, PlacedStep['inner']>();
  for (const step of block.steps) {
    let y = HEADER;
    const blocks = heldBlocks(step).map((held) => {
      const laid = layoutBlock(held.block, true);
      const placed = { label: held.label, key: held.key, y: y + BLOCK_LABEL, laid };
      y += BLOCK_LABEL + laid.height + 4;
      return placed;
    });
    inner.set(step.id, blocks);
    const width = Math.max(TASK.width, ...blocks.map((held) => held.laid.width + 2 * PAD));
    graph.setNode(step.id, { width, height: blocks.length === 0 ? TASK.height : y + PAD });
  }
  for (const step of block.steps)
    for (const dependency of step.dependsOn ?? [])
      if (graph.hasNode(dependency)) graph.setEdge(dependency, step.id);
  dagre.layout(graph);
  const steps = block.steps.map((step): PlacedStep => {
    const node = graph.node(step.id) as { x: number; y: number; width: number; height: number };
    return {
      step,
      x: node.x - node.width / 2,
      y: node.y - node.height / 2,
      width: node.width,
      height: node.height,
      inner: inner.get(step.id) ?? [],
    };
  });
  const edges = graph.edges().map((edge) => ({
    from: edge.v,
    to: edge.w,
    points: (graph.edge(edge) as { points: { x: number; y: number }[] }).points,
  }));
  const size = graph.graph() as { width?: number; height?: number };
  return { width: size.width ?? TASK.width, height: size.height ?? TASK.height, steps, edges };
}
