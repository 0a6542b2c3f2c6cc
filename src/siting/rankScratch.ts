/**
 * The working memory of one ranking (not its result): per candidate a 16-byte record, a level
 * key and two sort pairs, 33 bytes in all. Kept from one ranking to the next: allocating the
 * 33 MB of a million-candidate ranking afresh each time pushed the collector, through the
 * external memory it counts, into a full collection of the whole heap (the million candidates
 * included) about every second ranking. A ranking takes it and gives it back; one started while
 * another holds it (a rule that ranks) gets memory of its own. It keeps the largest size asked.
 */
export interface RankScratch {
  /** 2 per candidate: its record (see rankCompact). */
  records: Float64Array;
  /** 1 per candidate. */
  levelKeys: Uint8Array;
  /** 2 per candidate each: the radix sort's (key, index) pairs. */
  pairs: [Uint32Array, Uint32Array];
}

interface Buffers {
  capacity: number;
  records: ArrayBuffer;
  levelKeys: ArrayBuffer;
  pairs: [ArrayBuffer, ArrayBuffer];
}

let idle: Buffers | null = null;
const taken = new WeakMap<RankScratch, Buffers>();

function allocate(capacity: number): Buffers {
  return {
    capacity,
    records: new ArrayBuffer(16 * capacity),
    levelKeys: new ArrayBuffer(capacity),
    pairs: [new ArrayBuffer(8 * capacity), new ArrayBuffer(8 * capacity)],
  };
}

/** Scratch for `count` candidates; its contents are whatever the last ranking left. */
export function takeRankScratch(count: number): RankScratch {
  let buffers = idle;
  idle = null;
  if (buffers === null || buffers.capacity < count) buffers = allocate(Math.max(count, 1));
  const scratch: RankScratch = {
    records: new Float64Array(buffers.records, 0, 2 * count),
    levelKeys: new Uint8Array(buffers.levelKeys, 0, count),
    pairs: [new Uint32Array(buffers.pairs[0], 0, 2 * count), new Uint32Array(buffers.pairs[1], 0, 2 * count)],
  };
  taken.set(scratch, buffers);
  return scratch;
}

/** Hands the scratch back for the next ranking (the larger of two is kept). */
export function giveBackRankScratch(scratch: RankScratch): void {
  const buffers = taken.get(scratch);
  if (buffers === undefined) return;
  taken.delete(scratch);
  if (idle === null || idle.capacity < buffers.capacity) idle = buffers;
}
