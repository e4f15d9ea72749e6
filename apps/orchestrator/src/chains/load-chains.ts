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

/**
 * Loads every `*.json` chain definition of a folder (default: the shipped ones), validated; two with one name
 * are an error. Sorted by name, `default` first.
 */
export function loadChains(dir: string = SHIPPED_CHAINS_DIR): ChainDefinition[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort();
  const chains: ChainDefinition[] = [];
  for (const file of files) {
    const chain = parseChainDefinition(readFileSync(join(dir, file), 'utf8'), file);
    const twin = chains.find((known) => known.name === chain.name);
    if (twin) throw new Error(`${file}: the name "${chain.name}" is already taken by another definition`);
    chains.push(chain);
  }
  return chains.sort((a, b) =>
    a.name === 'default' ? -1 : b.name === 'default' ? 1 : a.name.localeCompare(b.name),
  );
}
