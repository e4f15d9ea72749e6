import type { Pool, QueryResult, QueryResultRow } from 'pg';
import { whileReachable } from './postgres-errors.ts';

/**
 * Runs one of the store's fixed statements as a named prepared statement (parsed and planned once per
 * connection), reporting an unreachable database as STORE_UNAVAILABLE. `name` must be unique to `text`.
 */
export function preparedQuery<Row extends QueryResultRow = QueryResultRow>(
  pool: Pool,
  name: string,
  text: string,
  values: unknown[],
): Promise<QueryResult<Row>> {
  return whileReachable(() => pool.query<Row>({ name: `baton_${name}`, text, values }));
}
