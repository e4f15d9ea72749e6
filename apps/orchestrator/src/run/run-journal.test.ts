import { describe, expect, it } from 'vitest';
import { createOutageRecords } from '../../test/outage-records.ts';
import { createRunJournal, RecordsUnavailableError, RunLostError } from './run-journal.ts';
import { createInMemoryRunRecords } from './run-records.ts';
import type { RunView } from './run-types.ts';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
const view = (runId: string, status: RunView['status'] = 'running'): RunView => ({
  runId,
  contextId: 'ctx',
  topic: 'tea',
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  steps: [],
  artifacts: {},
});
const chunk = (text: string) =>
  ({ type: 'artifact.chunk', step: 'document', name: 'document', text, lastChunk: false }) as const;

describe('the run journal', () => {
  it('numbers each run’s events and keeps what many runs wrote in one commit', async () => {
    const records = createOutageRecords();
    const journal = createRunJournal({ records, logger: quiet });
    const logs = ['a', 'b', 'c'].map((runId) => journal.open(runId));
    for (const log of logs) {
      log.write({ type: 'run.started', contextId: 'ctx', topic: 'tea' }, view(log.runId));
      log.write(chunk('one'), undefined);
      log.write(chunk('two'), undefined);
    }
    expect(logs[0]?.events).toEqual([]);
    await Promise.all(logs.map((log) => log.kept()));
    expect(records.commits).toHaveLength(1);
    expect(records.commits[0]?.map((batch) => batch.events.map((event) => event.seq))).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(logs[1]?.events.map((event) => event.type)).toEqual([
      'run.started',
      'artifact.chunk',
      'artifact.chunk',
    ]);
    expect(logs[1]?.keptView()?.runId).toBe('b');
  });

  it('drops nothing while the records are down: writers wait, then everything is kept in order', async () => {
    const records = createOutageRecords();
    const journal = createRunJournal({ records, logger: quiet, retryDelayMs: 5, maxRetryDelayMs: 20 });
    const log = journal.open('r');
    const seen: number[] = [];
    log.onKept((event) => seen.push(event.seq));
    log.write({ type: 'run.started', contextId: 'ctx', topic: 'tea' }, view('r'));
    await log.kept();
    records.down = true;
    for (let index = 0; index < 50; index += 1) log.write(chunk(`chunk ${index}`), undefined);
    await expect(log.kept(60)).rejects.toBeInstanceOf(RecordsUnavailableError);
    expect(journal.unavailableSince).toBeTypeOf('number');
    log.write({ type: 'run.completed' }, view('r', 'completed'));
    records.down = false;
    await log.kept();
    expect(journal.unavailableSince).toBeUndefined();
    const stored = await records.load('r');
    expect(stored?.events.map((event) => event.seq)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(stored?.view.status).toBe('completed');
    expect(seen).toEqual(stored?.events.map((event) => event.seq));
  });

  it('goes on from the events kept before (a resumed run)', async () => {
    const records = createInMemoryRunRecords();
    const first = createRunJournal({ records, logger: quiet }).open('r');
    first.write({ type: 'run.started', contextId: 'ctx', topic: 'tea' }, view('r'));
    first.write(chunk('one'), undefined);
    await first.kept();
    const stored = await records.load('r');
    const again = createRunJournal({ records, logger: quiet }).open('r', stored?.events, stored?.view);
    expect(again.write({ type: 'run.resumed' }, view('r')).seq).toBe(3);
    await again.kept();
    expect((await records.load('r'))?.events.map((event) => event.type)).toEqual([
      'run.started',
      'artifact.chunk',
      'run.resumed',
    ]);
  });

  it('stops a writer whose run another process wrote meanwhile, keeping none of its events', async () => {
    const records = createInMemoryRunRecords();
    const stale = createRunJournal({ records, logger: quiet }).open('r');
    const other = createRunJournal({ records, logger: quiet }).open('r');
    other.write({ type: 'run.started', contextId: 'ctx', topic: 'tea' }, view('r'));
    await other.kept();
    stale.write({ type: 'run.started', contextId: 'ctx', topic: 'coffee' }, view('r', 'failed'));
    await expect(stale.kept()).rejects.toBeInstanceOf(RunLostError);
    expect(stale.lost).toBe(true);
    const kept = await records.load('r');
    expect(kept?.events).toHaveLength(1);
    expect(kept?.view.status).toBe('running');
  });
});
