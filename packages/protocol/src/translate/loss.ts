/**
 * How a translation reports what the target version cannot express: every fallback is announced through
 * `onLoss`, or, with `strict`, turned into a thrown {@link TranslationError}.
 */

/** One thing the target version could not express, and what the translation did instead. */
export interface TranslationLoss {
  /** Where in the input value the loss happened, e.g. `parts[0].mediaType` (`""` = the value itself). */
  readonly path: string;
  /** What cannot be expressed and which fallback was used. */
  readonly reason: string;
}

/** Options every translation function accepts. */
export interface TranslateOptions {
  /** Called once per loss, as the translation meets it; the translation continues with the documented fallback. */
  readonly onLoss?: (loss: TranslationLoss) => void;
  /** Throw a {@link TranslationError} at the first loss instead of falling back. */
  readonly strict?: boolean;
  /** Prefix for reported paths, for a value that sits inside a larger object (default `""`). */
  readonly path?: string;
}

/** The protocol version a translation writes. */
export type TargetVersion = '0.3' | '1.0';

/** Thrown by a `strict` translation at its first loss, and by any translation of a value 1.0 rejects. */
export class TranslationError extends Error {
  override readonly name = 'TranslationError';
  /** Where in the input value the problem is (`""` = the value itself). */
  readonly path: string;
  /** What cannot be expressed. */
  readonly reason: string;
  /** The version that could not express it. */
  readonly target: TargetVersion;

  constructor(target: TargetVersion, path: string, reason: string) {
    super(`A2A ${target} cannot express ${path === '' ? 'this value' : path}: ${reason}`);
    this.path = path;
    this.reason = reason;
    this.target = target;
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Appends a property name or an array index to a path: `a` + `b` → `a.b`, `a` + 0 → `a[0]`. */
export function joinPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The options for translating a child value: same callbacks, path extended by `key`. */
export function at(options: TranslateOptions, key: string | number): TranslateOptions {
  return { ...options, path: joinPath(options.path ?? '', key) };
}

/** Reports a loss at `key` below the current path (or at the current path without `key`). */
export function reportLoss(
  options: TranslateOptions,
  target: TargetVersion,
  key: string | number | undefined,
  reason: string,
): void {
  const path = key === undefined ? (options.path ?? '') : joinPath(options.path ?? '', key);
  if (options.strict === true) throw new TranslationError(target, path, reason);
  options.onLoss?.({ path, reason });
}

/** Reports a loss translating to 0.3. */
export function lossTo03(options: TranslateOptions, key: string | number | undefined, reason: string): void {
  reportLoss(options, '0.3', key, reason);
}

/** Reports a loss translating to 1.0. */
export function lossTo1(options: TranslateOptions, key: string | number | undefined, reason: string): void {
  reportLoss(options, '1.0', key, reason);
}

/**
 * Returns a 0.3 string that 1.0 REQUIRES to be non-empty, or throws (strict or not): an empty id, name or URL has
 * no stand-in.
 */
export function requiredString(options: TranslateOptions, key: string, value: string): string {
  if (value !== '') return value;
  throw new TranslationError('1.0', joinPath(options.path ?? '', key), 'is empty, but 1.0 REQUIRES a value');
}

/** Returns a 0.3 list that 1.0 REQUIRES to be non-empty, or throws (strict or not). */
export function requiredList<T>(options: TranslateOptions, key: string, value: readonly T[]): readonly T[] {
  if (value.length > 0) return value;
  throw new TranslationError(
    '1.0',
    joinPath(options.path ?? '', key),
    'is empty, but 1.0 REQUIRES at least one entry',
  );
}

/** Reports a 1.0 `tenant`, which no 0.3 object can carry (0.3 has no multi-tenancy); `""` is the same as none. */
export function dropTenant(tenant: string | undefined, options: TranslateOptions): void {
  if (tenant !== undefined && tenant !== '') {
    lossTo03(options, 'tenant', `0.3 has no tenant; "${tenant}" dropped`);
  }
}

/** Reports 0.3 request `metadata` that the 1.0 request has no field for; an empty object carries nothing. */
export function dropMetadata(metadata: Record<string, unknown> | undefined, options: TranslateOptions): void {
  if (metadata !== undefined && Object.keys(metadata).length > 0) {
    lossTo1(options, 'metadata', 'the 1.0 request has no metadata field; dropped');
  }
}
