#!/usr/bin/env node
// Runs a workspace script through the pnpm version pinned in package.json#packageManager, so a fresh
// machine with only Node >= 20 and npm can install and run everything.
// Usage: node scripts/with-pnpm.mjs install-and <script>
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [mode, script] = process.argv.slice(2);
if (mode !== 'install-and' || !script) {
  console.error('usage: node scripts/with-pnpm.mjs install-and <script>');
  process.exit(2);
}

const [major] = process.versions.node.split('.').map(Number);
if (major === undefined || major < 20) {
  console.error(`Baton needs Node.js >= 20; this is ${process.version}.`);
  process.exit(1);
}

const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmSpec = String(packageManager).split('+')[0]; // "pnpm@x.y.z"
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  COREPACK_ENABLE_STRICT: '0',
  npm_config_update_notifier: 'false',
};
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs pnpm with the given arguments; returns its exit status. */
function pnpm(args) {
  const result = spawnSync(npx, ['--yes', pnpmSpec, ...args], { cwd: root, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** The vitest JSON reports of every workspace package. */
function testReports() {
  return ['packages', 'apps', 'scripts']
    .filter((group) => existsSync(join(root, group)))
    .flatMap((group) =>
      readdirSync(join(root, group)).map((name) => join(root, group, name, '.test-results')),
    )
    .filter((dir) => existsSync(join(dir, 'vitest.json')));
}

for (const dir of testReports()) rmSync(dir, { recursive: true, force: true });

/**
 * Whether the last install is still good for a start: pnpm keeps a copy of the lockfile it installed from, and no
 * package.json changed since. The tests always install (a fresh checkout in CI, and it checks the lockfile).
 */
function installedUpToDate() {
  const copy = join(root, 'node_modules', '.pnpm', 'lock.yaml');
  const modules = join(root, 'node_modules', '.modules.yaml');
  if (!existsSync(copy) || !existsSync(modules) || !existsSync(join(root, 'pnpm-lock.yaml'))) return false;
  if (!readFileSync(copy).equals(readFileSync(join(root, 'pnpm-lock.yaml')))) return false;
  const installedAt = statSync(modules).mtimeMs;
  const manifests = [
    '.',
    ...['packages', 'apps', 'scripts'].flatMap((group) =>
      existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => join(group, name)) : [],
    ),
  ].map((dir) => join(root, dir, 'package.json'));
  return manifests.every((manifest) => !existsSync(manifest) || statSync(manifest).mtimeMs <= installedAt);
}

if (script === 'dev' && installedUpToDate()) {
  console.log('Dependencies are installed and up to date (pnpm-lock.yaml unchanged): starting.');
} else {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
  // A node_modules made with another store (another HOME, CI) is rebuilt instead of stopping at a TTY prompt.
  const installed = pnpm(['install', ...frozen, '--config.confirm-modules-purge=false']);
  if (installed !== 0) process.exit(installed);
}
// Ctrl-C reaches every process of the terminal's group: this one waits for the chain to stop and exits as it does.
if (script === 'dev') process.on('SIGINT', () => undefined).on('SIGTERM', () => undefined);
const status =
  script === 'dev'
    ? (spawnSync(process.execPath, [join(root, 'scripts', 'start', 'src', 'start-chain.mjs')], {
        cwd: root,
        env,
        stdio: 'inherit',
      }).status ?? 1)
    : pnpm(['run', script]);

const reports = testReports().map((dir) => JSON.parse(readFileSync(join(dir, 'vitest.json'), 'utf8')));
if (reports.length > 0) {
  const sum = (key) => reports.reduce((total, report) => total + (report[key] ?? 0), 0);
  const skipped = sum('numPendingTests') + sum('numTodoTests');
  console.log(`\nWorkspace tests in ${reports.length} package(s):`);
  console.log(`Tests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${skipped} skipped`);
}
process.exit(status);
