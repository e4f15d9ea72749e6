/**
 * The server's folders form layers: when one folder imports another, the other never imports it back, directly
 * or around a longer loop. Shared vocabulary (the logger, the call context, overload errors, the event hub)
 * lives in `vocabulary/`, below everything else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDir = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The top folder of a file under src/, or undefined for the entry files at src/ itself. */
const folderOf = (file: string) => {
  const parts = relative(sourceDir, file).split(/[\\/]/);
  return parts.length > 1 ? parts[0] : undefined;
};

/** Folder → the folders it imports from. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(sourceDir)) {
    const from = folderOf(file);
    if (from === undefined) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)) {
      const to = folderOf(normalize(join(dirname(file), match[1] ?? '')));
      if (to === undefined || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every loop of folders, each as the path that closes it. */
function loops(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (path: string[]) => {
    for (const next of graph.get(path.at(-1) ?? '') ?? []) {
      if (next === path[0]) found.add([...path, next].join(' → '));
      else if (!path.includes(next) && next > (path[0] ?? '')) visit([...path, next]);
    }
  };
  for (const start of graph.keys()) visit([start]);
  return [...found];
}

describe("the server's folders", () => {
  it('import one another in one direction only: no loop of folders', () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(loops(graph)).toEqual([]);
  });

  it('keep the shared vocabulary at the bottom: it imports no other folder', () => {
    expect([...(folderGraph().get('vocabulary') ?? [])]).toEqual([]);
  });
});
