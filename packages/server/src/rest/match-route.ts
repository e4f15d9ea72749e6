import type { RestMethod, RestOperation, RestRoute } from './rest-routes.ts';

/** The path parameters of a matched route, percent-decoded. */
export interface RouteParams {
  readonly taskId?: string;
  readonly configId?: string;
}

/** What a request's path and method resolve to. */
export type RouteMatch =
  | {
      readonly kind: 'found';
      readonly operation: RestOperation;
      readonly params: RouteParams;
      /** The `/{tenant}` prefix, percent-decoded; `undefined` when the path has none. */
      readonly tenant: string | undefined;
    }
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly RestMethod[] }
  | { readonly kind: 'not-found' };

/** Matches a path, given as its raw (still percent-encoded) segments, and a method against a route table. */
export type RouteMatcher = (rawSegments: readonly string[], method: string) => RouteMatch;

type Segment = { readonly literal: string } | { readonly param: keyof RouteParams };

interface CompiledRoute {
  readonly segments: readonly Segment[];
  readonly verb: string | undefined;
  readonly methods: RestRoute['methods'];
}

interface PathMatch {
  readonly route: CompiledRoute;
  readonly params: RouteParams;
  readonly tenant: string | undefined;
}

const METHODS: readonly RestMethod[] = ['GET', 'POST', 'DELETE'];

function isRestMethod(method: string): method is RestMethod {
  return (METHODS as readonly string[]).includes(method);
}

function compile(route: RestRoute): CompiledRoute {
  const parts = route.path.split('/').slice(1);
  const last = parts.pop() ?? '';
  const colon = last.indexOf(':');
  const verb = colon === -1 ? undefined : last.slice(colon + 1);
  parts.push(colon === -1 ? last : last.slice(0, colon));
  const segments = parts.map((part): Segment => {
    if (part === '{taskId}') return { param: 'taskId' };
    if (part === '{configId}') return { param: 'configId' };
    return { literal: part };
  });
  return { segments, verb, methods: route.methods };
}

function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined; // malformed percent-encoding: no route can match it
  }
}

// The last segment's custom verb is its text after the last literal `:`, when that is a verb of the table. An id
// that really ends in `:cancel` must be sent percent-encoded (`%3Acancel`), as encodeURIComponent does.
function splitVerb(segments: readonly string[], verbs: ReadonlySet<string>): [string[], string | undefined] {
  const head = segments.slice(0, -1);
  const last = segments.at(-1) ?? '';
  const colon = last.lastIndexOf(':');
  const verb = colon === -1 ? undefined : last.slice(colon + 1);
  if (verb === undefined || !verbs.has(verb)) return [[...head, last], undefined];
  return [[...head, last.slice(0, colon)], verb];
}

function matchSegments(route: CompiledRoute, segments: readonly string[], verb: string | undefined) {
  if (route.verb !== verb || route.segments.length !== segments.length) return undefined;
  const params: { taskId?: string; configId?: string } = {};
  for (const [index, segment] of route.segments.entries()) {
    const value = decodeSegment(segments[index] ?? '');
    if (value === undefined) return undefined;
    if ('literal' in segment) {
      if (value !== segment.literal) return undefined;
    } else {
      if (value === '') return undefined;
      params[segment.param] = value;
    }
  }
  return params;
}

/**
 * Builds the matcher for a route table. With `tenantPrefix`, a path also reads as `/{tenant}` + a route; when
 * both readings match, the one whose route takes the method wins, the tenant-less reading first
 * (`GET /tasks/tasks` is GetTask of task `tasks`; `POST /tasks/message:send` is SendMessage for tenant `tasks`).
 * A path that matches a route but none that takes the method is `method-not-allowed`, with every method its
 * routes take.
 */
export function createRouteMatcher(
  routes: readonly RestRoute[],
  options: { readonly tenantPrefix: boolean },
): RouteMatcher {
  const compiled = routes.map(compile);
  const verbs = new Set(compiled.flatMap((route) => (route.verb === undefined ? [] : [route.verb])));

  const pathMatches = (rawSegments: readonly string[], tenant: string | undefined): PathMatch[] => {
    const [segments, verb] = splitVerb(rawSegments, verbs);
    return compiled.flatMap((route) => {
      const params = matchSegments(route, segments, verb);
      return params === undefined ? [] : [{ route, params, tenant }];
    });
  };

  return (rawSegments, method) => {
    const matches = pathMatches(rawSegments, undefined);
    const tenant = rawSegments.length > 1 ? decodeSegment(rawSegments[0] ?? '') : undefined;
    if (options.tenantPrefix && tenant) matches.push(...pathMatches(rawSegments.slice(1), tenant));
    if (matches.length === 0) return { kind: 'not-found' };
    for (const match of matches) {
      const operation = isRestMethod(method) ? match.route.methods[method] : undefined;
      if (operation) return { kind: 'found', operation, params: match.params, tenant: match.tenant };
    }
    const allow = METHODS.filter((m) => matches.some((match) => match.route.methods[m] !== undefined));
    return { kind: 'method-not-allowed', allow };
  };
}
