import type { ListedRecord } from './list-records.ts';

/** A record as the in-memory store holds it: its listing sequence, scope key, and whether it was evicted. */
export interface OrderedEntry extends ListedRecord {
  sequence: number;
  readonly scopeKey: string;
  removed: boolean;
  /** The entry's one slot in the order, or -1 before it is added. */
  slot: number;
}

// Stale slots tolerated before a compaction, on top of one per live entry (so compaction is amortized O(1)).
const SLACK = 1024;

/**
 * The in-memory store's records in the order of their last status write (their `sequence`), newest last, so a
 * ListTasks page is read from the newest end instead of sorting every task. Each write appends a slot and
 * empties the one it replaces (an evicted record's slot is emptied too, so the order never keeps a task alive);
 * empty slots are dropped once they outnumber the live ones.
 *
 * That order is ListTasks' order (newest status timestamp first, then latest write) while status timestamps
 * never go back in write order, the usual case since the server stamps them. {@link ordered} says whether that
 * holds for every live record; when it does not (a task created with an older timestamp), listing sorts as
 * before, until a compaction finds the order restored.
 */
export class ListingOrder {
  // One slot per live entry, at its last write; `undefined` where an entry was written again or left.
  private slots: (OrderedEntry | undefined)[] = [];
  // The sequence each slot was written with; increasing, so positions are found by binary search.
  private sequences: number[] = [];
  private live = 0;
  private newestTime = Number.NEGATIVE_INFINITY;
  private inOrder = true;
  private readonly perScope = new Map<string, number>();

  /** Whether write order is listing order for every live record (see the class comment). */
  get ordered(): boolean {
    return this.inOrder;
  }

  /** How many live records are in the scope with this key. */
  countInScope(scopeKey: string): number {
    return this.perScope.get(scopeKey) ?? 0;
  }

  /** Records a new entry, written last. */
  add(entry: OrderedEntry): void {
    this.live += 1;
    this.perScope.set(entry.scopeKey, this.countInScope(entry.scopeKey) + 1);
    this.append(entry);
  }

  /** Records that `entry` was written again: its `sequence` is already the new one. */
  moved(entry: OrderedEntry): void {
    this.vacate(entry);
    this.append(entry);
  }

  /** Records that `entry` left the store. */
  remove(entry: OrderedEntry): void {
    if (entry.removed) return;
    entry.removed = true;
    // The slot lets go of the entry, so an evicted task is garbage at once rather than at the next compaction.
    this.vacate(entry);
    this.live -= 1;
    const count = this.countInScope(entry.scopeKey) - 1;
    if (count > 0) this.perScope.set(entry.scopeKey, count);
    else this.perScope.delete(entry.scopeKey);
    this.compactIfStale();
  }

  /** Live entries newest first, starting after the entries written at or after `belowSequence`. */
  *newestFirst(belowSequence = Number.POSITIVE_INFINITY): Generator<OrderedEntry> {
    for (let index = this.firstBelow(belowSequence); index >= 0; index--) {
      const entry = this.slots[index];
      if (entry && !entry.removed && entry.sequence === this.sequences[index]) yield entry;
    }
  }

  private vacate(entry: OrderedEntry): void {
    if (this.slots[entry.slot] === entry) this.slots[entry.slot] = undefined;
  }

  private append(entry: OrderedEntry): void {
    const time = entry.record.statusTimestamp;
    if (time < this.newestTime) this.inOrder = false;
    else this.newestTime = time;
    entry.slot = this.slots.length;
    this.slots.push(entry);
    this.sequences.push(entry.sequence);
    this.compactIfStale();
  }

  // Index of the last slot written before `sequence`, or -1.
  private firstBelow(sequence: number): number {
    let low = 0;
    let high = this.sequences.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.sequences[middle] ?? 0) < sequence) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  private compactIfStale(): void {
    if (this.slots.length - this.live <= this.live + SLACK) return;
    const slots: (OrderedEntry | undefined)[] = [];
    const sequences: number[] = [];
    let newestTime = Number.NEGATIVE_INFINITY;
    let inOrder = true;
    for (let index = 0; index < this.slots.length; index++) {
      const entry = this.slots[index];
      if (!entry || entry.removed || entry.sequence !== this.sequences[index]) continue;
      const time = entry.record.statusTimestamp;
      if (time < newestTime) inOrder = false;
      else newestTime = time;
      entry.slot = slots.length;
      slots.push(entry);
      sequences.push(entry.sequence);
    }
    this.slots = slots;
    this.sequences = sequences;
    this.newestTime = newestTime;
    this.inOrder = inOrder;
  }
}
