import { isA2AError } from '@baton/protocol';
import { realService } from '@baton/server/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BatchedStatement, createStatementBatcher } from './statement-batcher.ts';

const postgres = await realService('PostgreSQL');
const schema = `baton_batch_${process.pid}_${Date.now().toString(36)}`;

interface Put {
  readonly key: string;
  readonly value: number;
}

/** Appends (key, value) rows; a negative value breaks the statement (a CHECK), for the isolation test. */
const PUT: BatchedStatement<Put, number> = {
  name: 'test_put',
  sql: `
    INSERT INTO batch_rows (key, value)
    SELECT key, value FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS given (key, value, n) ORDER BY n
    RETURNING seq`,
  key: (put) => put.key,
  params: (puts) => [puts.map((put) => put.key), puts.map((put) => put.value)],
  outputs: (rows, puts) => puts.map((_, index) => Number(rows[index]?.seq)),
};

describe.skipIf(!postgres.available)('the statement batcher on PostgreSQL', () => {
  let pool: pg.Pool;
  const statements: number[] = [];

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: postgres.url, options: `-c search_path=${schema}` });
    await pool.query(`CREATE SCHEMA "${schema}"`);
    await pool.query(
      'CREATE TABLE batch_rows (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key text, value int CHECK (value >= 0))',
    );
    // Counts the statements the batcher sends.
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (
      config: { values?: unknown[][] },
      ...rest: unknown[]
    ) => {
      if (Array.isArray(config?.values?.[0])) statements.push(config.values[0].length);
      return query(config, ...rest);
    };
  });
  afterAll(async () => {
    await pool?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool?.end();
  });

  it('sends concurrent calls together, keeps one key in call order, and answers each call its own result', async () => {
    statements.length = 0;
    const batcher = createStatementBatcher(pool);
    const puts = Array.from({ length: 40 }, (_, index) => ({ key: `k${index % 10}`, value: index }));
    const seqs = await Promise.all(puts.map((put) => batcher.run(PUT, put)));
    // 40 calls, 10 keys: at least 4 statements (one call per key in each), far fewer than 40.
    expect(statements.length).toBeGreaterThanOrEqual(4);
    expect(statements.length).toBeLessThan(20);
    const rows = await pool.query('SELECT seq, key, value FROM batch_rows ORDER BY seq');
    const bySeq = new Map(rows.rows.map((row) => [Number(row.seq), row.value as number]));
    expect(seqs.map((seq) => bySeq.get(seq))).toEqual(puts.map((put) => put.value));
    for (let key = 0; key < 10; key++) {
      const values = rows.rows.filter((row) => row.key === `k${key}`).map((row) => row.value as number);
      expect(values).toEqual([key, key + 10, key + 20, key + 30]);
    }
  });

  it('fails a bad input alone when its statement breaks', async () => {
    const batcher = createStatementBatcher(pool);
    const results = await Promise.allSettled([
      batcher.run(PUT, { key: 'a', value: 1 }),
      batcher.run(PUT, { key: 'b', value: -1 }),
      batcher.run(PUT, { key: 'c', value: 3 }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('fails every call with the retryable STORE_UNAVAILABLE when the database cannot be reached', async () => {
    const unreachable = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 2 });
    try {
      const batcher = createStatementBatcher(unreachable);
      const results = await Promise.allSettled([
        batcher.run(PUT, { key: 'a', value: 1 }),
        batcher.run(PUT, { key: 'b', value: 2 }),
      ]);
      for (const result of results) {
        expect(result.status).toBe('rejected');
        const reason = (result as PromiseRejectedResult).reason;
        expect(isA2AError(reason) && reason.reason).toBe('STORE_UNAVAILABLE');
      }
    } finally {
      await unreachable.end();
    }
  });
});
