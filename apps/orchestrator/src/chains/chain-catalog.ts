import type { Problem } from '../nodes/node-kind.ts';
import { walkNodes } from '../nodes/node-kinds.ts';
import type { ChainDefinition } from './chain-definition.ts';

/** A chain and the version of it. */
export interface VersionedChain {
  readonly chain: ChainDefinition;
  readonly version: number;
}

/** The chains a run may call by name (its sub-chain steps), each with its versions. */
export interface ChainCatalog {
  /** A chain by name: the version named, else the newest; `undefined` when there is none. */
  get(name: string, version?: number): Promise<VersionedChain | undefined>;
}

/**
 * What is wrong with a chain's sub-chains against the chains it may call (`others`, by name and version): a chain
 * or version that does not exist, or a chain that reaches itself through its sub-chains.
 */
export function subChainProblems(
  chain: ChainDefinition,
  lookup: (name: string, version?: number) => ChainDefinition | undefined,
): Problem[] {
  const problems: Problem[] = [];
  for (const { node, path } of walkNodes(chain)) {
    // A chain named by an artifact (`from`) is one registered, checked then; only a named one is checked here.
    if (node.kind !== 'chain' || node.chain.name === undefined) continue;
    const { name, version } = node.chain;
    const target = name === chain.name ? chain : lookup(name, version);
    if (target === undefined) {
      problems.push({
        path: [...path, 'chain', version === undefined ? 'name' : 'version'],
        message: `names no chain "${name}"${version === undefined ? '' : ` version ${version}`}`,
      });
      continue;
    }
    const trail = reaches(target, chain.name, lookup, [chain.name, name]);
    if (trail)
      problems.push({ path: [...path, 'chain', 'name'], message: `runs itself: ${trail.join(' → ')}` });
  }
  return problems;
}

/** The names along the way when `from` reaches the chain `name` through its sub-chains. */
function reaches(
  from: ChainDefinition,
  name: string,
  lookup: (name: string, version?: number) => ChainDefinition | undefined,
  trail: string[],
): string[] | undefined {
  if (from.name === name) return trail;
  if (trail.length > 8) return undefined;
  for (const { node } of walkNodes(from)) {
    if (node.kind !== 'chain' || node.chain.name === undefined) continue;
    if (node.chain.name === name) return [...trail, name];
    const next = lookup(node.chain.name, node.chain.version);
    const found = next && reaches(next, name, lookup, [...trail, node.chain.name]);
    if (found) return found;
  }
  return undefined;
}
