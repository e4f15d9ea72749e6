/** What a report says about where and with what it ran. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export interface MachineInfo {
  readonly date: string;
  readonly cpu: string;
  readonly cores: number;
  readonly node: string;
  readonly commit: string;
  /** Versions of the libraries the targets and the load generator run on, from the workspace catalog. */
  readonly versions: Readonly<Record<string, string>>;
}

function catalogVersion(name: string): string {
  const workspace = readFileSync(`${root}/pnpm-workspace.yaml`, 'utf8');
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^\\s+"?${escaped}"?:\\s*(\\S+)`, 'm').exec(workspace)?.[1] ?? 'unknown';
}

export function describeMachine(): MachineInfo {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  const packages = ['hono', '@hono/node-server', 'zod', '@a2a-js/sdk', 'express'];
  return {
    date: new Date().toISOString().slice(0, 10),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    commit,
    versions: Object.fromEntries(packages.map((name) => [name, catalogVersion(name)])),
  };
}
