/**
 * The API report of every public entry point: `api/<entry>.api.md` beside each package, written by API
 * Extractor from the built declarations. A change to what a package exports, or to the signature of anything
 * exported, changes its report, so it shows in review; {@link checkApiReports} fails while a report is stale.
 * Needs `dist/` (the packages' `build`).
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompilerState,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
} from '@microsoft/api-extractor';
import { LIBRARIES, type PublicPackage, rootDir } from './pack-workspace.ts';

/** The packages with something to import (the CLI is only a binary). */
export const API_PACKAGES: readonly PublicPackage[] = [...LIBRARIES, 'create-baton-agent'];

/** One entry point's report. */
export interface ApiReport {
  /** `@baton/server/node` and the like. */
  readonly specifier: string;
  /** The committed report, relative to the repository. */
  readonly file: string;
  /** The report differed from what the declarations say (and was rewritten, when updating). */
  readonly changed: boolean;
  /** What API Extractor could not analyse: errors, and warnings that are not notes in the report. */
  readonly problems: readonly string[];
}

// How the report compares (created, changed, copied): said by `changed`, not a problem.
const REPORT_STATE_MESSAGES = new Set<string>([
  'console-api-report-changed',
  'console-api-report-created',
  'console-api-report-copied',
  'console-api-report-not-copied',
]);

interface EntryPoint {
  readonly specifier: string;
  readonly name: string;
  readonly types: string;
}

async function entryPoints(folder: string): Promise<EntryPoint[]> {
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as {
    name: string;
    publishConfig: { exports: Record<string, { types?: string } | string> };
  };
  const entries: EntryPoint[] = [];
  for (const [key, target] of Object.entries(manifest.publishConfig.exports)) {
    if (typeof target !== 'object' || target.types === undefined) continue;
    entries.push({
      specifier: key === '.' ? manifest.name : `${manifest.name}${key.slice(1)}`,
      name: key === '.' ? 'index' : key.slice(2).replaceAll('/', '-'),
      types: join(folder, target.types),
    });
  }
  return entries;
}

/**
 * Where the other Baton packages' declarations are: their built `dist/`. (In the workspace their `exports`
 * point at TypeScript sources, which API Extractor must not analyse.)
 */
async function builtDeclarations(): Promise<Record<string, string[]>> {
  const paths: Record<string, string[]> = {};
  for (const name of API_PACKAGES) {
    for (const entry of await entryPoints(join(rootDir, 'packages', name)))
      paths[entry.specifier] = [entry.types];
  }
  return paths;
}

function configFor(
  folder: string,
  entry: EntryPoint,
  tempFolder: string,
  paths: Record<string, string[]>,
): ExtractorConfig {
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: folder,
      mainEntryPointFilePath: entry.types,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2023', 'DOM'],
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            types: ['node'],
            strict: true,
            skipLibCheck: true,
            allowImportingTsExtensions: true,
            noEmit: true,
            paths,
          },
          files: [entry.types],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.name,
        reportFolder: join(folder, 'api'),
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Warning },
          // Release tags (@public, @beta) are not used: what an entry exports is public.
          'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
          // A type reachable from the API but not exported stays a note in the report, for review.
          'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
          // Doc comments are read by people and editors; the report is about the API's shape.
          'ae-undocumented': { logLevel: ExtractorLogLevel.None },
          'ae-unresolved-link': { logLevel: ExtractorLogLevel.None },
        },
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(folder, 'package.json'),
  });
}

/**
 * Compares every entry point's report with its declarations; with `update`, rewrites the reports that
 * differ. One TypeScript program per package serves all its entry points.
 */
export async function checkApiReports(options: { update: boolean }): Promise<ApiReport[]> {
  const tempFolder = await mkdtemp(join(tmpdir(), 'baton-api-'));
  const reports: ApiReport[] = [];
  const paths = await builtDeclarations();
  try {
    for (const name of API_PACKAGES) {
      const folder = join(rootDir, 'packages', name);
      const entries = await entryPoints(folder);
      await mkdir(join(folder, 'api'), { recursive: true });
      let compilerState: CompilerState | undefined;
      for (const entry of entries) {
        const config = configFor(folder, entry, tempFolder, paths);
        compilerState ??= CompilerState.create(config, {
          additionalEntryPoints: entries.map((other) => other.types),
        });
        const problems: string[] = [];
        const result = Extractor.invoke(config, {
          localBuild: options.update,
          compilerState,
          messageCallback: (message: ExtractorMessage) => {
            message.handled = true;
            const serious =
              message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning;
            if (serious && !REPORT_STATE_MESSAGES.has(message.messageId)) {
              problems.push(message.formatMessageWithLocation(folder));
            }
          },
        });
        reports.push({
          specifier: entry.specifier,
          file: `packages/${name}/api/${entry.name}.api.md`,
          changed: result.apiReportChanged,
          problems,
        });
      }
    }
  } finally {
    await rm(tempFolder, { recursive: true, force: true });
  }
  return reports;
}
