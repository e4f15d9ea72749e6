import { describe, expect, it } from 'vitest';
import { createInMemoryTaskLeaseStore } from './in-memory-task-lease-store.ts';
import { createLeaseLedger, type LeaseLedger, withLeaseLedger } from './lease-ledger.ts';

const lease = { owner: 'a', ttlMs: 1_000 };
const failed = () => Promise.reject(new Error('the database is down'));

/** The lease handed to a create, and whether the ledger stood in for the lease while that create was in flight. */
async function create(ledger: LeaseLedger, taskId: string) {
  let standsIn: boolean | undefined;
  const handed = await ledger.withCreate(taskId, async (given) => {
    standsIn = ledger.standsIn(taskId);
    return given;
  });
  return { handed, standsIn };
}

const finish = (ledger: LeaseLedger, taskId: string, final = true) =>
  ledger.withStatus(taskId, final, async (owner) => owner);

describe('createLeaseLedger', () => {
  it('hands a reserved lease to the create once, and stands in for it until the create lands', async () => {
    const ledger = createLeaseLedger();
    ledger.reserve('t1', lease);
    expect(ledger.owner('t1')).toBe('a');
    expect(ledger.standsIn('t1')).toBe(true);
    expect(await create(ledger, 't1')).toEqual({ handed: lease, standsIn: true });
    // Written: the database answers for it now.
    expect(ledger.standsIn('t1')).toBe(false);
    expect(ledger.owner('t1')).toBeUndefined();
    expect((await create(ledger, 't1')).handed).toBeUndefined();
    expect((await create(ledger, 'unknown')).handed).toBeUndefined();
  });

  it('keeps the lease reserved when its create did not land, for the next create to carry', async () => {
    const ledger = createLeaseLedger();
    ledger.reserve('t1', lease);
    await expect(ledger.withCreate('t1', failed)).rejects.toThrow('down');
    expect((await create(ledger, 't1')).handed).toEqual(lease);
  });

  it('gives a written lease up with a final status only, once, and stands in for it afterwards', async () => {
    const ledger = createLeaseLedger();
    expect(await finish(ledger, 't1')).toBeUndefined();
    ledger.reserve('t1', lease);
    expect(await finish(ledger, 't1')).toBeUndefined();
    await create(ledger, 't1');
    expect(await finish(ledger, 't1', false)).toBeUndefined();
    await expect(ledger.withStatus('t1', true, failed)).rejects.toThrow('down');
    expect(ledger.standsIn('t1')).toBe(false);
    expect(await finish(ledger, 't1')).toBe('a');
    expect(ledger.standsIn('t1')).toBe(true);
    expect(await finish(ledger, 't1')).toBeUndefined();
  });

  it('settles with no statement needed for a lease never written or already given up, and forgets it', async () => {
    const ledger = createLeaseLedger();
    ledger.reserve('never', lease);
    expect(await ledger.settle('never', 'a')).toBe(true);
    expect(ledger.standsIn('never')).toBe(false);

    ledger.reserve('done', lease);
    await create(ledger, 'done');
    await finish(ledger, 'done');
    expect(await ledger.settle('done', 'a')).toBe(true);

    ledger.reserve('held', lease);
    await create(ledger, 'held');
    expect(await ledger.settle('held', 'a')).toBe(false);
    expect(await ledger.settle('unknown', 'a')).toBe(false);
  });

  it('leaves the lease of another owner alone', async () => {
    const ledger = createLeaseLedger();
    ledger.reserve('t1', lease);
    expect(await ledger.settle('t1', 'b')).toBe(false);
    expect(ledger.owner('t1')).toBe('a');
  });

  it('waits for a create in flight before it settles, so the lease that create wrote is not left behind', async () => {
    const ledger = createLeaseLedger();
    ledger.reserve('t1', lease);
    let land = () => {};
    const creating = ledger.withCreate('t1', () => new Promise<void>((resolve) => (land = resolve)));
    let settled: boolean | undefined;
    const settling = ledger.settle('t1', 'a').then((noStatement) => {
      settled = noStatement;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBeUndefined();
    land();
    await creating;
    await settling;
    // The create wrote the lease: giving it up takes a statement.
    expect(settled).toBe(false);
  });

  it('drops its oldest lease past its limit, which then goes by its own statements', () => {
    const ledger = createLeaseLedger({ limit: 2 });
    ledger.reserve('t1', lease);
    ledger.reserve('t2', lease);
    ledger.reserve('t3', lease);
    expect(ledger.standsIn('t1')).toBe(false);
    expect(ledger.standsIn('t3')).toBe(true);
  });
});

describe('withLeaseLedger', () => {
  it('answers for a reserved lease without the store, and gives it up without the store', async () => {
    const store = createInMemoryTaskLeaseStore();
    const leases = withLeaseLedger(store, createLeaseLedger());
    expect(await leases.acquireNew?.('t1', 'a', 10_000)).toBe(true);
    expect(await store.holder('t1')).toBeUndefined();
    expect(await leases.holder('t1')).toBe('a');
    expect(await leases.renew('a', ['t1'], 10_000)).toEqual([]);
    await leases.release('t1', 'a');
    expect(await leases.holder('t1')).toBeUndefined();
  });

  it('asks the store about every lease it does not stand in for', async () => {
    const store = createInMemoryTaskLeaseStore();
    const leases = withLeaseLedger(store, createLeaseLedger());
    expect(await leases.acquire('t1', 'a', 10_000)).toBe(true);
    expect(await store.acquire('t2', 'b', 10_000)).toBe(true);
    expect(await leases.renew('a', ['t1', 't2'], 10_000)).toEqual(['t2']);
    await leases.release('t1', 'a');
    expect(await store.holder('t1')).toBeUndefined();
  });
});
