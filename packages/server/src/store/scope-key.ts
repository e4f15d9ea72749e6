import type { TaskScope } from './task-store.ts';

const NO_SCOPE_KEY = JSON.stringify([null, null]);

/**
 * A scope as one string, for stores that index it in a single column: equal scopes give equal keys, and an
 * absent tenant or owner stays distinct from an empty one (`JSON.stringify([tenant ?? null, ownerId ?? null])`).
 */
export function scopeKey(scope: TaskScope): string {
  // The scope of an agent without tenants or authentication, the most common, without building a string.
  if (scope.tenant === undefined && scope.ownerId === undefined) return NO_SCOPE_KEY;
  return JSON.stringify([scope.tenant ?? null, scope.ownerId ?? null]);
}

/** The scope a {@link scopeKey} was made from; throws on a string that is not one. */
export function scopeFromKey(key: string): TaskScope {
  const parsed: unknown = JSON.parse(key);
  if (!Array.isArray(parsed) || parsed.length !== 2) throw new Error(`Not a scope key: ${key}`);
  const [tenant, ownerId] = parsed as unknown[];
  const readPart = (value: unknown) => {
    if (value === null) return undefined;
    if (typeof value === 'string') return value;
    throw new Error(`Not a scope key: ${key}`);
  };
  const scope: { tenant?: string; ownerId?: string } = {};
  const tenantValue = readPart(tenant);
  const ownerValue = readPart(ownerId);
  if (tenantValue !== undefined) scope.tenant = tenantValue;
  if (ownerValue !== undefined) scope.ownerId = ownerValue;
  return scope;
}
