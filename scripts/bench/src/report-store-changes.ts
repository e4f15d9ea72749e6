/**
 * What moved W7, change by change: figures from the quick checks made with each change (`quick-stores`, or
 * `quick --target baton-store-target` on a fresh schema, the target pinned to one core), not from `pnpm bench`,
 * whose table above is the comparison. Quick figures move by 15 % or more from run to run, so each row gives the
 * range of its runs, and a row measured by alternating runs says so.
 */
interface StoreChange {
  readonly date: string;
  readonly change: string;
  readonly postgres: string;
  readonly sqlite: string;
  readonly how: string;
}

const STORE_CHANGES: readonly StoreChange[] = [
  {
    date: '2026-11-28',
    change: 'A blocking send answered from the events it produced, not a final read',
    postgres: 'W1 c=16 344 → 525 sends/s, p50 44 → 30 ms',
    sqlite: 'W1 c=16 792 → 1,488',
    how: 'quick-stores, one after the other',
  },
  {
    date: '2026-11-28',
    change: 'A new task created with its first write in one statement (`TaskStore.createWith`)',
    postgres: 'W1 c=16 525 → 607–668, W2 495 → 600–696',
    sqlite: 'W1 c=16 1,488 → 1,586',
    how: 'quick-stores, one after the other',
  },
  {
    date: '2026-11-29',
    change: 'Statement shapes no plan made on new tables can turn into a walk of a table',
    postgres: 'W1 c=16 1,004 → 1,201–1,217, W2 874 → 1,185–1,229, p50 14.7 → 12.1 ms',
    sqlite: '',
    how: 'quick-stores, one after the other',
  },
  {
    date: '2026-11-29',
    change: 'SQLite folds its WAL into the file every 4 MB (was 40 MB)',
    postgres: '',
    sqlite: 'W1 c=16 p99 46 → 24 ms (p50 6–7 ms)',
    how: 'quick-stores, one after the other',
  },
  {
    date: '2026-11-29',
    change: "A new task's lease written with its create and given up with its final status",
    postgres: 'W1 c=16 830–835 → 1,100–1,120; PostgreSQL CPU per send 930 → 590 µs',
    sqlite: 'W1 c=16 1,230 → 1,310, W2 1,266 → 1,466',
    how: 'quick, 2 runs each, one after the other',
  },
  {
    date: '2026-11-29',
    change: "No foreign keys from a task's messages and events to the task (PostgreSQL)",
    postgres: 'W1 c=16 878–1,025 → 998–1,272; CPU per send 700–730 → 520–570 µs',
    sqlite: '',
    how: 'quick, 3 alternating runs each',
  },
  {
    date: '2026-11-29',
    change: 'Each statement planned once per connection, sequential scans the last resort (PostgreSQL)',
    postgres: 'W1 c=16 1,073–1,294 → 1,480–1,546; CPU per send about 600 → 385 µs',
    sqlite: '',
    how: 'quick, 3 alternating runs each',
  },
  {
    date: '2026-11-29',
    change:
      'Task and context ids that sort by creation time (`createSortableId`): the newest tasks share the last pages of each index keyed by task id',
    postgres: 'W1 c=16 1,292–1,454 → 1,381–1,519 (within the noise)',
    sqlite:
      'W1 c=16 1,177–1,410 → 2,049–2,186; CPU per send 549–715 → 398–431 µs; pages written per send 22 → 11',
    how: 'quick, 3 alternating runs each',
  },
];

/** The W7 changes table. */
export function renderStoreChanges(): string[] {
  return [
    'What moved W7, change by change (quick checks made with each change, not this run; their figures move by 15 % or',
    'more from run to run):',
    '',
    '| date | change | PostgreSQL | SQLite | measured by |',
    '| --- | --- | --- | --- | --- |',
    ...STORE_CHANGES.map((c) => `| ${c.date} | ${c.change} | ${c.postgres} | ${c.sqlite} | ${c.how} |`),
  ];
}
