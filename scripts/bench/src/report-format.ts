/** How the bench reports print figures: an absent or non-finite figure prints as a dash. */

const present = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/** A whole number with thousands separators. */
export const whole = (value: number | undefined) =>
  present(value) ? Math.round(value).toLocaleString('en-US') : '–';

/** A number with `digits` decimals. */
export const fixed = (value: number | undefined, digits = 1) =>
  present(value) ? value.toFixed(digits) : '–';

/** Bytes as whole MiB. */
export const mib = (bytes: number | undefined) => (present(bytes) ? `${fixed(bytes / 2 ** 20, 0)} MiB` : '–');

/** `a / b` as a factor, e.g. `0.52x`. */
export const ratio = (a: number, b: number) => (b > 0 ? `${fixed(a / b, 2)}x` : '–');
