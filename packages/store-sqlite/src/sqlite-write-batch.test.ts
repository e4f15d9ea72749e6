import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from './open-sqlite-database.ts';
import { createSqliteWriteBatch } from './sqlite-write-batch.ts';

const folder = mkdtempSync(join(tmpdir(), 'baton-sqlite-batch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('sqlite write batch', () => {
  it('commits the writes of one turn together, undoing only the one that failed', async () => {
    const path = join(folder, 'batch.db');
    const database = openSqliteDatabase(path);
    database.exec('CREATE TABLE items (name TEXT PRIMARY KEY)');
    const insert = database.prepare('INSERT INTO items (name) VALUES (?)');
    const batch = createSqliteWriteBatch(database);
    const inTransaction: boolean[] = [];
    const outcomes = await Promise.allSettled([
      batch.run(() => {
        inTransaction.push(database.inTransaction);
        return insert.run('a').changes;
      }),
      batch.runAtomic(() => {
        insert.run('b');
        throw new Error('second write fails after its first statement');
      }),
      batch.run(() => insert.run('c').changes),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(inTransaction).toEqual([true]);
    // Committed by the time the promises settled: another connection sees a and c, not b.
    const reader = openSqliteDatabase(path);
    expect(reader.prepare('SELECT name FROM items ORDER BY name').all()).toEqual([
      { name: 'a' },
      { name: 'c' },
    ]);
    reader.close();
    database.close();
  });
});
