import { lossTo1, lossTo03, type TranslateOptions } from './loss.ts';

const INT32_MAX = 2_147_483_647;

/**
 * 0.3 `historyLength` → 1.0. 0.3 peers read `0` (and, over REST, a negative value) as "no limit" (0.3 proto comment;
 * a2a-python and a2a-js 0.3 both return the whole history) while 1.0 reads `0` as "no history", so these become
 * unset; a value above int32 is clamped. All are reported.
 */
export function historyLengthFromV03(
  historyLength: number | undefined,
  options: TranslateOptions = {},
): number | undefined {
  if (historyLength === undefined) return undefined;
  if (historyLength <= 0) {
    lossTo1(
      options,
      undefined,
      `0.3 historyLength ${historyLength} means no limit, 1.0 has no other way to say so; left unset`,
    );
    return undefined;
  }
  if (historyLength > INT32_MAX) {
    lossTo1(options, undefined, `${historyLength} does not fit the 1.0 int32; clamped to ${INT32_MAX}`);
    return INT32_MAX;
  }
  return historyLength;
}

/**
 * 1.0 `historyLength` → 0.3. 1.0 `0` ("no history") has no 0.3 form (0.3 peers read 0 as "no limit") and a negative
 * value is not a 0.3 length: both are left unset and reported.
 */
export function historyLengthToV03(
  historyLength: number | undefined,
  options: TranslateOptions = {},
): number | undefined {
  if (historyLength === undefined || historyLength > 0) return historyLength;
  lossTo03(
    options,
    undefined,
    historyLength === 0
      ? '1.0 historyLength 0 asks for no history, which 0.3 peers read as no limit; left unset'
      : `${historyLength} is not a 0.3 history length (0.3 needs a non-negative integer); left unset`,
  );
  return undefined;
}
