import { isJsonObject } from '../../wire/is-json-object.ts';
import { optional } from '../copy.ts';
import { joinPath, type TranslateOptions, TranslationError } from '../loss.ts';

/**
 * How a REST ↔ 1.0 translation is built: the 0.3 REST ↔ 0.3 JSON-RPC step of this folder composed with the 0.3
 * JSON-RPC ↔ 1.0 step of `translate`. The second step reads the intermediate 0.3 JSON-RPC value, so it reports
 * paths into that value; they are rewritten here to the paths of the same fields in the value the composed
 * translation was given (a REST message's `content`, not `parts`; a 1.0 part's `filename`, not `file.name`).
 */

type Key = string | number;

/** The encoding of the value a composed translation was given, whose paths its losses name. */
type Encoding = 'rest' | '1.0';

/** The keys that stand for some keys of a 0.3 JSON-RPC path, and how many keys of that path they replace. */
type Renamed = readonly [keys: readonly Key[], replaced: 1 | 2];

// The oneof member of a JSON-RPC security scheme `type`, in REST and in 1.0 alike.
const SCHEME_MEMBERS: Readonly<Record<string, string>> = {
  apiKey: 'apiKeySecurityScheme',
  http: 'httpAuthSecurityScheme',
  oauth2: 'oauth2SecurityScheme',
  openIdConnect: 'openIdConnectSecurityScheme',
  mutualTLS: 'mtlsSecurityScheme',
};

// The fields of a JSON-RPC file part's `file`, as REST writes them under `file` and as 1.0 writes them flat.
const REST_FILE_FIELDS: Readonly<Record<string, string>> = { uri: 'fileWithUri', bytes: 'fileWithBytes' };
const V1_FILE_FIELDS: Readonly<Record<string, string>> = {
  uri: 'url',
  bytes: 'raw',
  name: 'filename',
  mimeType: 'mediaType',
};

function schemeField(node: Record<string, unknown>, key: string): Renamed | undefined {
  const member = typeof node.type === 'string' ? SCHEME_MEMBERS[node.type] : undefined;
  if (member === undefined || key === 'type') return undefined;
  return [[member, key === 'in' ? 'location' : key], 1];
}

// `file.<next>` of a JSON-RPC file part, as `fields` names it `under` the part.
function fileField(
  node: Record<string, unknown>,
  key: string,
  next: Key | undefined,
  fields: Readonly<Record<string, string>>,
  under: readonly Key[],
): Renamed | undefined {
  if (node.kind !== 'file' || key !== 'file' || typeof next !== 'string') return undefined;
  const field = fields[next];
  return field === undefined ? undefined : [[...under, field], 2];
}

// `node` is an object of the 0.3 JSON-RPC value; push configs are told from send configurations by their `taskId`.
const RENAMES: Readonly<
  Record<Encoding, (node: Record<string, unknown>, key: string, next: Key | undefined) => Renamed | undefined>
> = {
  rest: (node, key, next) => {
    if (node.kind === 'message' && key === 'parts') return [['content'], 1];
    if (node.kind === 'data' && key === 'data') return [['data', 'data'], 1];
    if (key === 'pushNotificationConfig' && !('taskId' in node)) return [['pushNotification'], 1];
    if (key === 'taskId' && 'pushNotificationConfig' in node) return [['name'], 1];
    return fileField(node, key, next, REST_FILE_FIELDS, ['file']) ?? schemeField(node, key);
  },
  '1.0': (node, key, next) => {
    if (key === 'pushNotificationConfig')
      return 'taskId' in node ? [[], 1] : [['taskPushNotificationConfig'], 1];
    return fileField(node, key, next, V1_FILE_FIELDS, []) ?? schemeField(node, key);
  },
};

const PATH_KEY = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;

// The keys of a path `joinPath` wrote (`a.b[0]["x-y"]`), or undefined for any other string.
function splitPath(path: string): Key[] | undefined {
  const pattern = new RegExp(PATH_KEY);
  const keys: Key[] = [];
  while (pattern.lastIndex < path.length) {
    const match = pattern.exec(path);
    if (match === null) return undefined;
    const [, name, index, quoted] = match;
    keys.push(name ?? (index === undefined ? String(JSON.parse(quoted ?? '""')) : Number(index)));
  }
  return keys;
}

function child(node: unknown, key: Key): unknown {
  if (Array.isArray(node)) return typeof key === 'number' ? node[key] : undefined;
  return isJsonObject(node) && typeof key === 'string' ? node[key] : undefined;
}

// Rewrites a path into the 0.3 JSON-RPC value `root` to the path of the same field in `encoding`, below `prefix`.
function rewritePath(path: string, root: unknown, encoding: Encoding, prefix: string): string {
  const keys = splitPath(path);
  if (keys === undefined) return prefix === '' || path === '' ? `${prefix}${path}` : `${prefix}.${path}`;
  let written = prefix;
  let node = root;
  let rest: readonly Key[] = keys;
  for (;;) {
    const [key, next] = rest;
    if (key === undefined) return written;
    const renamed =
      isJsonObject(node) && typeof key === 'string' ? RENAMES[encoding](node, key, next) : undefined;
    const [replacement, replaced] = renamed ?? [[key], 1];
    written = replacement.reduce<string>((joined, part) => joinPath(joined, part), written);
    for (const walked of rest.slice(0, replaced)) node = child(node, walked);
    rest = rest.slice(replaced);
  }
}

/**
 * Runs a translation of `jsonRpc`, made from a value in `encoding`, with the caller's options, its losses and
 * thrown {@link TranslationError}s moved to that value's paths.
 */
function reportingAt<T>(
  encoding: Encoding,
  options: TranslateOptions,
  jsonRpc: unknown,
  translate: (options: TranslateOptions) => T,
): T {
  const rewrite = (path: string) => rewritePath(path, jsonRpc, encoding, options.path ?? '');
  const inner: TranslateOptions = {
    ...optional('strict', options.strict),
    onLoss: (loss) => options.onLoss?.({ path: rewrite(loss.path), reason: loss.reason }),
  };
  try {
    return translate(inner);
  } catch (error) {
    if (!(error instanceof TranslationError)) throw error;
    throw new TranslationError(error.target, rewrite(error.path), error.reason);
  }
}

/** The value whose paths a step's losses name: the 0.3 JSON-RPC value itself, unless it is a bare stream event. */
export type PathRoot<JsonRpc> = (jsonRpc: JsonRpc) => unknown;

/** 0.3 REST → 1.0 as `toJsonRpc`, then the JSON-RPC → 1.0 `fromV03`; both report losses at the REST paths. */
export function composeFromV03<Rest, JsonRpc, V1>(
  toJsonRpc: (value: Rest, options?: TranslateOptions) => JsonRpc,
  fromV03: (value: JsonRpc, options?: TranslateOptions) => V1,
  root: PathRoot<JsonRpc> = (jsonRpc) => jsonRpc,
): (value: Rest, options?: TranslateOptions) => V1 {
  return (value, options = {}) => {
    const jsonRpc = toJsonRpc(value, options);
    return reportingAt('rest', options, root(jsonRpc), (inner) => fromV03(jsonRpc, inner));
  };
}

/** 1.0 → 0.3 REST as the 1.0 → JSON-RPC `toV03`, then `fromJsonRpc`; both report losses at the 1.0 paths. */
export function composeToV03<V1, JsonRpc, Rest, Options extends TranslateOptions = TranslateOptions>(
  toV03: (value: V1, options?: Options) => JsonRpc,
  fromJsonRpc: (value: JsonRpc, options?: TranslateOptions) => Rest,
  root: PathRoot<JsonRpc> = (jsonRpc) => jsonRpc,
): (value: V1, options?: Options) => Rest {
  return (value, options) => {
    const jsonRpc = toV03(value, options);
    return reportingAt('1.0', options ?? {}, root(jsonRpc), (inner) => fromJsonRpc(jsonRpc, inner));
  };
}
