/** Times `work`: its wall time and value, or `undefined` when it threw (its message is passed to `fail`). */
export async function timed<T>(
  work: () => Promise<T>,
  fail: (why: string) => void,
): Promise<{ readonly ms: number; readonly value: T } | undefined> {
  const start = performance.now();
  try {
    const value = await work();
    return { ms: performance.now() - start, value };
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}
