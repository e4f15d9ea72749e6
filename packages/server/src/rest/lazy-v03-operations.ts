import { loadRestV03Operations } from '#v03-support';
import type { RestOperationRunner, RestOperations } from './rest-operation.ts';
import { type RestOperation, V03_ROUTES } from './rest-routes.ts';

/**
 * The 0.3 operations, loaded with the first 0.3 call: each runner loads `v03-operations.ts` (its schemas and
 * translations, through `#v03-support`: lazily on Node, Bun and Deno) and hands the call on.
 */
export function lazyV03Operations(): RestOperations {
  let loaded: Promise<RestOperations> | undefined;
  const runnerOf =
    (operation: RestOperation): RestOperationRunner =>
    async (input, handler, contextFor) => {
      loaded ??= loadRestV03Operations();
      const run = (await loaded)[operation];
      // Every operation a 0.3 route names has a runner; this is a guard for the two tables.
      if (!run) throw new Error(`0.3 operation ${operation} has no runner`);
      return run(input, handler, contextFor);
    };
  const operations = new Set(V03_ROUTES.flatMap((route) => Object.values(route.methods)));
  return Object.fromEntries([...operations].map((operation) => [operation, runnerOf(operation)]));
}
