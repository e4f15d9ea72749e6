/**
 * Reads V8's `--trace-gc-nvp` lines as a process writes them and adds up what each scavenge promoted from the
 * young generation to the old one: the bytes that outlived a request and will cost a mark-compact later.
 */
export interface PromotedBytes {
  /** Feeds what the process wrote (any chunking). */
  write(chunk: string): void;
  /** Bytes promoted by the scavenges seen so far. */
  total(): number;
}

const SCAVENGE = /\bgc=s\b/;
const PROMOTED = /\bpromoted=(\d+)/;

export function countPromotedBytes(): PromotedBytes {
  let pending = '';
  let total = 0;
  return {
    write(chunk) {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!SCAVENGE.test(line)) continue;
        total += Number(PROMOTED.exec(line)?.[1] ?? 0);
      }
    },
    total: () => total,
  };
}
