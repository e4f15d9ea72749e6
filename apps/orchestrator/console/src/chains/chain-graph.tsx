import { useMemo } from 'preact/hooks';
import type { RunView } from '../runs/run-types.ts';
import { type Block, type ChainStep, describeStep } from './chain-types.ts';
import { type LaidBlock, layoutBlock, type PlacedStep } from './layout-chain.ts';

/** How a step stands in a run: its box's colour and the line under its name. */
interface StepStanding {
  readonly state: 'waiting' | 'running' | 'done' | 'failed' | 'skipped';
  readonly note: string;
}

/** What a run did at a step: its instances (every map item, loop iteration), its decision, its approval. */
function standingOf(step: ChainStep, view: RunView | undefined): StepStanding | undefined {
  if (view === undefined) return undefined;
  const instances = (view.instances ?? []).filter((instance) => instance.step === step.id);
  const decisions = (view.decisions ?? []).filter((decision) => decision.step === step.id);
  const approval = (view.approvals ?? []).filter((one) => one.step === step.id).at(-1);
  const top = view.steps.find((shown) => shown.step === step.id);
  if (approval) {
    if (approval.status === 'pending') return { state: 'running', note: 'waiting for a person' };
    return { state: approval.status === 'approved' ? 'done' : 'failed', note: approval.status };
  }
  if (instances.length > 0) {
    const done = instances.filter((instance) => instance.outcome === 'completed').length;
    const failed = instances.filter((instance) => instance.outcome === 'failed').length;
    const running = instances.filter((instance) => instance.outcome === undefined).length;
    const parts = [
      instances.length > 1 ? `${done} of ${instances.length} done` : done === 1 ? 'done' : '',
      running > 0 ? `${running} running` : '',
      failed > 0 ? `${failed} failed` : '',
    ].filter((part) => part !== '');
    return {
      state: running > 0 ? 'running' : failed > 0 && done === 0 ? 'failed' : 'done',
      note: parts.join(' · '),
    };
  }
  const decided = decisions.at(-1);
  const note = decided
    ? decided.kind === 'map'
      ? `${decided.items} items`
      : decided.kind === 'loop'
        ? `${decided.iterations} iteration${decided.iterations === 1 ? '' : 's'}${decided.exhausted ? ', ran out' : ''}`
        : decided.kind === 'branch'
          ? `took ${decided.case === 'otherwise' ? 'otherwise' : `case ${decided.case}`}`
          : `version ${decided.version}`
    : '';
  if (top?.outcome === 'completed') return { state: 'done', note };
  if (decided && top === undefined) {
    // A step inside a block: it stands as the tasks under it do.
    const under = (view.instances ?? []).filter((instance) => instance.key.startsWith(decided.key));
    const state = under.some((instance) => instance.outcome === undefined)
      ? 'running'
      : under.some((instance) => instance.outcome === 'failed')
        ? 'failed'
        : 'done';
    return { state, note };
  }
  if (top?.outcome === 'failed') return { state: 'failed', note: note || 'failed' };
  if (top?.outcome === 'skipped' || top?.outcome === 'canceled')
    return { state: 'skipped', note: top.outcome };
  return decided ? { state: 'running', note } : { state: 'waiting', note: '' };
}

/** The case a branch took in the run (its index or `otherwise`), if it has. */
const chosenCase = (step: ChainStep, view: RunView | undefined) =>
  view?.decisions?.find((decision) => decision.step === step.id && decision.kind === 'branch')?.case;

function Edges({ laid }: { readonly laid: LaidBlock }) {
  return (
    <>
      {laid.edges.map((edge) => (
        <polyline
          key={`${edge.from}-${edge.to}`}
          class="graph-edge"
          points={edge.points.map((point) => `${point.x},${point.y}`).join(' ')}
          marker-end="url(#arrow)"
        />
      ))}
    </>
  );
}

function StepBox({ placed, view }: { readonly placed: PlacedStep; readonly view: RunView | undefined }) {
  const { step } = placed;
  const standing = standingOf(step, view);
  const chosen = chosenCase(step, view);
  return (
    <g
      transform={`translate(${placed.x},${placed.y})`}
      class={`graph-step graph-${standing?.state ?? 'plain'}${placed.inner.length > 0 ? ' graph-composite' : ''}`}
      data-step={step.id}
      data-state={standing?.state}
    >
      <title>{step.description ?? describeStep(step)}</title>
      <rect width={placed.width} height={placed.height} rx={6} />
      <text x={10} y={18} class="graph-name">
        {step.id}
      </text>
      <text x={10} y={34} class="graph-sub">
        {standing?.note ? `${describeStep(step)} · ${standing.note}` : describeStep(step)}
      </text>
      {placed.inner.map((held) => {
        const taken =
          chosen === undefined
            ? undefined
            : held.key === (chosen === 'otherwise' ? 'otherwise' : `case-${chosen}`);
        return (
          <g
            key={held.key}
            transform={`translate(10,${held.y})`}
            class={taken === false ? 'graph-not-taken' : undefined}
          >
            <text
              y={-6}
              class="graph-block-label"
              data-taken={taken === undefined ? undefined : String(taken)}
            >
              {taken ? `✓ ${held.label}` : held.label}
            </text>
            <BlockDrawing laid={held.laid} view={view} />
          </g>
        );
      })}
    </g>
  );
}

function BlockDrawing({ laid, view }: { readonly laid: LaidBlock; readonly view: RunView | undefined }) {
  return (
    <g class="graph-block">
      <rect width={laid.width} height={laid.height} rx={4} class="graph-block-frame" />
      {laid.passes !== undefined && (
        <text x={10} y={18} class="graph-sub">
          hands on {laid.passes}
        </text>
      )}
      <Edges laid={laid} />
      {laid.steps.map((placed) => (
        <StepBox key={placed.step.id} placed={placed} view={view} />
      ))}
    </g>
  );
}

/**
 * A chain drawn as a graph (laid out by dagre): each step a box, each dependency an arrow, the blocks a branch,
 * loop or map holds drawn inside it. With a run, each box says how the step stands in it (its instances done and
 * running, the case a branch took, a loop's iterations, an approval pending) and takes its colour.
 */
export function ChainGraph({ chain, view }: { readonly chain: Block; readonly view?: RunView | undefined }) {
  const laid = useMemo(() => layoutBlock(chain), [chain]);
  return (
    <div class="graph" data-testid="chain-graph">
      <svg
        viewBox={`0 0 ${laid.width} ${laid.height}`}
        width={laid.width}
        height={laid.height}
        role="img"
        aria-label="The chain's steps as a graph"
      >
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" class="graph-arrow" />
          </marker>
        </defs>
        <Edges laid={laid} />
        {laid.steps.map((placed) => (
          <StepBox key={placed.step.id} placed={placed} view={view} />
        ))}
      </svg>
    </div>
  );
}
