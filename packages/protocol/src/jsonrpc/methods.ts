/**
 * JSON-RPC method names: the 1.0 PascalCase operations, the 0.3 `category/action` names, and the
 * pre-0.3 draft aliases some peers still send. The two grammars are disjoint, so one endpoint can tell
 * the version from the method name alone.
 */
import { A2A_METHODS, A2A_OPERATIONS, type A2AMethod } from '../operations.ts';

export { A2A_METHODS, type A2AMethod } from '../operations.ts';

type V03Names = {
  [Method in A2AMethod as NonNullable<(typeof A2A_OPERATIONS)[Method]['v03Method']>]: Method;
};

/** 0.3 method name → the 1.0 operation it became (from the operations table). 0.3 has no ListTasks. */
export const V03_TO_V1_METHOD = Object.fromEntries(
  A2A_METHODS.flatMap((method) => {
    const v03 = A2A_OPERATIONS[method].v03Method;
    return v03 === null ? [] : [[v03, method]];
  }),
) as V03Names;

/** A 0.3 method name. */
export type V03Method = keyof V03Names;

/** The 0.3 method names. */
export const V03_METHODS = Object.keys(V03_TO_V1_METHOD) as V03Method[];

/** 1.0 operation → its 0.3 method name; operations new in 1.0 (ListTasks) are absent. */
export const V1_TO_V03_METHOD: Readonly<Partial<Record<A2AMethod, V03Method>>> = Object.fromEntries(
  Object.entries(V03_TO_V1_METHOD).map(([v03, v1]) => [v1, v03]),
);

/** Names from early drafts (0.1/0.2) → the 0.3 name that replaced them. */
export const LEGACY_METHOD_ALIASES = {
  'tasks/send': 'message/send',
  'tasks/sendSubscribe': 'message/stream',
  'tasks/pushNotification/set': 'tasks/pushNotificationConfig/set',
  'tasks/pushNotification/get': 'tasks/pushNotificationConfig/get',
} as const satisfies Record<string, V03Method>;

/** The operations whose response is an SSE stream. */
export const STREAMING_METHODS: ReadonlySet<A2AMethod> = new Set<A2AMethod>(
  A2A_METHODS.filter((method) => A2A_OPERATIONS[method].streaming),
);

/** What a method name on the wire means. */
export interface ResolvedMethod {
  /** The protocol version whose shapes the params and result use (draft aliases count as 0.3). */
  readonly version: '1.0' | '0.3';
  /** The canonical 1.0 operation. */
  readonly method: A2AMethod;
  /** Whether the response is an SSE stream. */
  readonly streaming: boolean;
}

const RESOLVED = new Map<string, ResolvedMethod>();
for (const method of A2A_METHODS) RESOLVED.set(method, resolved('1.0', method));
for (const [name, method] of Object.entries(V03_TO_V1_METHOD)) RESOLVED.set(name, resolved('0.3', method));
for (const [alias, name] of Object.entries(LEGACY_METHOD_ALIASES)) {
  RESOLVED.set(alias, resolved('0.3', V03_TO_V1_METHOD[name]));
}

/** Resolves a wire method name (1.0, 0.3 or draft alias; case-sensitive) to its operation, or undefined. */
export function resolveMethod(name: string): ResolvedMethod | undefined {
  return RESOLVED.get(name);
}

/** The 0.3 name of a 1.0 operation, or undefined when 0.3 has none. */
export function toV03Method(method: A2AMethod): V03Method | undefined {
  return V1_TO_V03_METHOD[method];
}

/** Whether `name` is a 1.0 operation name. */
export function isA2AMethod(name: string): name is A2AMethod {
  return RESOLVED.get(name)?.version === '1.0';
}

function resolved(version: '1.0' | '0.3', method: A2AMethod): ResolvedMethod {
  return Object.freeze({ version, method, streaming: STREAMING_METHODS.has(method) });
}
