import type { BundleBytes } from './measure-bytes.ts';

const KIB = 1024;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** Before and after, or a bundle the change did not touch. */
type Moved = readonly [before: string, after: string] | 'not affected';

/** A change that moved the bytes, measured before and after on the same machine (minified KiB, gzipped KiB). */
interface BytesChange {
  readonly change: string;
  readonly client: Moved;
  readonly worker: Moved;
  readonly console: Moved;
}

const cell = (moved: Moved) => (moved === 'not affected' ? moved : `${moved[0]} → ${moved[1]}`);

const CHANGES: readonly BytesChange[] = [
  {
    change:
      'The wire schemas on `zod/mini` instead of full zod (whose `z` namespace kept every schema method and all 40-odd locales)',
    client: ['596 KiB, 134 KiB gz', '177 KiB, 54 KiB gz'],
    worker: ['686 KiB, 166 KiB gz', '282 KiB, 89 KiB gz'],
    console: ['713 KiB, 184 KiB gz', '309 KiB, 107 KiB gz'],
  },
  {
    change:
      "The client's telemetry (`clientOpenTelemetry()`) and card signature check (`requireCardSignature()`) passed in, not built in: `@opentelemetry/api` and jose leave a client that uses neither",
    client: ['176.4 KiB, 53.5 KiB gz', '143.0 KiB, 41.9 KiB gz'],
    worker: 'not affected',
    console: ['308.6 KiB, 106.7 KiB gz', '275.2 KiB, 95.0 KiB gz'],
  },
  {
    change:
      "The server's push notifications (`pushNotifications()`) and telemetry (`serverOpenTelemetry()`) passed in: push, its JWT signing and `@opentelemetry/api` leave a server that uses neither",
    client: 'not affected',
    worker: ['284.8 KiB, 90.3 KiB gz', '225.9 KiB, 71.7 KiB gz'],
    console: 'not affected',
  },
];

function goalOf(measured: BundleBytes): string {
  const { goalKiB, goalGzipKiB } = measured.budget;
  if (goalKiB === undefined) return '';
  const met =
    measured.bytes <= goalKiB * KIB && (goalGzipKiB === undefined || measured.gzipBytes <= goalGzipKiB * KIB);
  const gzip = goalGzipKiB === undefined ? '' : `, ≤ ${goalGzipKiB} KiB gzipped`;
  return `≤ ${goalKiB} KiB${gzip}: ${met ? 'met' : 'not met'}`;
}

function limitOf(measured: BundleBytes): string {
  const { limitKiB, limitGzipKiB } = measured.budget;
  return limitGzipKiB === undefined ? `${limitKiB} KiB` : `${limitKiB} KiB, ${limitGzipKiB} KiB gz`;
}

/** The largest parts of a bundle, the rest summed, as one cell. */
function partsOf(measured: BundleBytes, shown = 6): string {
  const top = measured.parts.slice(0, shown).map(({ part, bytes }) => `${part} ${kib(bytes)}`);
  const rest = measured.parts.slice(shown).reduce((sum, { bytes }) => sum + bytes, 0);
  return [...top, ...(rest > 0 ? [`the rest ${kib(rest)}`] : [])].join('; ');
}

/** The "Bytes" section of docs/benchmarks.md. */
export function renderBytesReport(measured: readonly BundleBytes[]): string {
  const rows = measured.map(
    (m) => `| ${m.budget.name} | ${kib(m.bytes)} | ${kib(m.gzipBytes)} | ${limitOf(m)} | ${goalOf(m)} |`,
  );
  const parts = measured.map((m) => `| ${m.budget.name} | ${partsOf(m)} |`);
  const changes = CHANGES.map(
    (c) => `| ${c.change} | ${cell(c.client)} | ${cell(c.worker)} | ${cell(c.console)} |`,
  );
  return [
    '## Bytes',
    '',
    'What a user ships: each bundle made by esbuild (minified, tree-shaken, one file, so a dynamic import counts as',
    'if it were static) the way `scripts/size` checks it in CI with size-limit, whose limits hold today’s figures',
    'with a little room; the goals are those of issue 33. The Workers agent is bundled with the conditions Cloudflare’s',
    'tooling uses (`workerd`, `worker`, `browser`); the console as the orchestrator builds it.',
    '',
    '| bundle | minified | gzipped | limit in CI | goal |',
    '| --- | ---: | ---: | --- | --- |',
    ...rows,
    '',
    'Where the bytes come from (minified, before gzip):',
    '',
    '| bundle | largest parts |',
    '| --- | --- |',
    ...parts,
    '',
    'What moved these figures (same machine, before and after the change):',
    '',
    '| change | client | Workers agent | console |',
    '| --- | --- | --- | --- |',
    ...changes,
    '',
  ].join('\n');
}
