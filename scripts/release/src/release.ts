/**
 * `pnpm release`: versions the public packages from the pending changesets (`changeset version`: bumps them
 * together and writes each CHANGELOG.md), then builds, checks and packs every one into `release/<version>/`
 * with `release.json`. Publishing is a separate step with credentials (`npm publish <tarball>` for each, in
 * the order of `release.json`); the folder is the release artifact.
 *
 * Options: `--no-version` packs the versions as they are; `--out <folder>` packs there instead.
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { checkApiReports } from './api-reports.ts';
import { packRelease } from './pack-release.ts';
import { rootDir } from './pack-workspace.ts';

const run = promisify(execFile);

async function pendingChangesets(): Promise<string[]> {
  const files = await readdir(join(rootDir, '.changeset'));
  return files.filter((file) => file.endsWith('.md') && file !== 'README.md');
}

const { values } = parseArgs({
  options: { 'no-version': { type: 'boolean' }, out: { type: 'string' } },
});

if (!values['no-version']) {
  const pending = await pendingChangesets();
  if (pending.length === 0) {
    console.log('No pending changesets: packing the versions as they are.');
  } else {
    console.log(`Versioning from ${pending.length} changesets…`);
    const changeset = join(rootDir, 'node_modules', '.bin', 'changeset');
    await run(changeset, ['version'], { cwd: rootDir });
  }
}

const { version } = (await import(join(rootDir, 'packages/server/package.json'), { with: { type: 'json' } }))
  .default as { version: string };
const folder = resolve(rootDir, values.out ?? join('release', version));
await rm(folder, { recursive: true, force: true });
await mkdir(folder, { recursive: true });
console.log(`Building, packing and checking into ${folder}…`);
const release = await packRelease(folder);
const stale = (await checkApiReports({ update: false })).filter(
  (report) => report.changed || report.problems.length > 0,
);
if (stale.length > 0) {
  console.error(
    `API reports are stale: ${stale.map((report) => report.file).join(', ')}. Run pnpm api, review and commit.`,
  );
  process.exit(1);
}
for (const item of release.packages) {
  console.log(
    `  ${item.name.padEnd(24)} ${item.version.padEnd(8)} ${String(item.bytes).padStart(9)} B  ${item.file}`,
  );
}
console.log(
  `Clean (publint, arethetypeswrong). ${release.packages.length} tarballs and release.json in ${folder}.`,
);
