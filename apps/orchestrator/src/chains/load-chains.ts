import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssuePath } from '@baton/protocol';
import { type ChainDefinition, ChainDefinitionSchema } from './chain-definition.ts';

/** Where the shipped chain definitions live. */
export const SHIPPED_CHAINS_DIR = fileURLToPath(new URL('../../chains/', import.meta.url));

/**
 * Reads one chain definition from JSON text; throws an Error naming where it came from, the path of each problem
 * and what is wrong with it (`audiences.json: steps[3].dependsOn[0]: names no step: "documnt"`).
 */
export function parseChainDefinition(text: string, source: string): ChainDefinition {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not JSON: ${(error as Error).message}`);
  }
  const parsed = ChainDefinitionSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${formatIssuePath(issue.path) || '(definition)'}: ${issue.message}`,
  );
  throw new Error(`${source}: ${problems.join('; ')}`);
}

/** The chains of a folder: those that load, and each file refused with its reason. */
export interface LoadedChains {
  readonly chains: ChainDefinition[];
  /** One line per file that did not load (`audiences.json: steps[3].dependsOn[0]: names no step: "documnt"`). */
  readonly refused: string[];
}

/**
 * Reads every `*.json` chain definition of a folder (default: the shipped ones). A file that is not a valid
 * definition, or names a chain an earlier file took, is refused with its reason while the others load. Sorted by
 * name, `default` first.
 */
export function readChains(dir: string = SHIPPED_CHAINS_DIR): LoadedChains {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  const chains: ChainDefinition[] = [];
  const refused: string[] = [];
  for (const file of files) {
    try {
      const chain = parseChainDefinition(readFileSync(join(dir, file), 'utf8'), file);
      if (chains.some((known) => known.name === chain.name)) {
        throw new Error(`${file}: the name "${chain.name}" is already taken by another definition`);
      }
      chains.push(chain);
    } catch (error) {
      refused.push(error instanceof Error ? error.message : `${file}: ${String(error)}`);
    }
  }
  chains.sort((a, b) =>
    a.name === 'default' ? -1 : b.name === 'default' ? 1 : a.name.localeCompare(b.name),
  );
  return { chains, refused };
}

/** The chains of a folder (see {@link readChains}); throws with every reason when a file is refused. */
export function loadChains(dir: string = SHIPPED_CHAINS_DIR): ChainDefinition[] {
  const { chains, refused } = readChains(dir);
  if (refused.length > 0) throw new Error(refused.join('\n'));
  return chains;
}
