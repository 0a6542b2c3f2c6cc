const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** High word of 2^-8 km (3.9 m): distances below it share one sort code. */
const NEAR = 0x3f700000;
/** Sort codes of the two distances that are not finite, above every finite one. */
const INFINITE = 2 ** 24 - 2;
const NOT_A_NUMBER = 2 ** 24 - 1;

/**
 * Orders a before b by distance; equal, or both unknown, 0: the stable sorts keep input order.
 * Never by id: the string order of ids says nothing about a site (issue 31 item 9).
 */
function byDistance(distances: Float64Array, stride: number, a: number, b: number): number {
  // Two unknown distances give NaN (Infinity - Infinity): a tie.
  const by = (distances[stride * a] as number) - (distances[stride * b] as number);
  return by !== 0 && !Number.isNaN(by) ? by : 0;
}

/**
 * Indexes 0..count-1 (the distance of index i at `distances[stride * i]`) ordered by level key
 * (below 256), then distance (non-negative; Infinity, then NaN, last), then input order: what a
 * stable comparison sort on (key, distance) gives. Each index gets a 32-bit sort key, the level
 * key over 24 bits that order as its distance does (a non-negative double's high word, less that
 * of 2^-8 km, halved: the exponent and 19 bits of mantissa), and a stable LSD radix sort of (key, index) pairs in three passes of 11, 11 and 10
 * bits does the bulk, carrying the key beside the index so every pass reads in order. A
 * comparison sort on the full distance and the id then orders only the runs whose sort keys are
 * equal (distances within two millionths of each other, under 3.9 m, or both unknown). `pairs` are
 * two arrays of at least 2 * count to sort in (their contents do not matter).
 */
export function rankOrder(
  levelKeys: Uint8Array,
  distances: Float64Array,
  stride: number,
  pairs: [Uint32Array, Uint32Array] = [
    new Uint32Array(levelKeys.length * 2),
    new Uint32Array(levelKeys.length * 2),
  ],
): Uint32Array {
  const count = levelKeys.length;
  // Each phase is its own function so each hot loop is compiled with its own feedback.
  const low = new Uint32Array(2048);
  const middle = new Uint32Array(2048);
  const high = new Uint32Array(1024);
  writeSortKeys(levelKeys, distances, stride, pairs[0], low, middle, high);
  let [source, target] = pairs;
  for (const [buckets, shift, mask] of [
    [low, 0, 0x7ff],
    [middle, 11, 0x7ff],
    [high, 22, 0x3ff],
  ] as const) {
    if (!radixPass(source, target, count, buckets, shift, mask)) continue;
    const swap = source;
    source = target;
    target = swap;
  }
  const order = new Uint32Array(count);
  for (let k = 0; k < count; k++) order[k] = source[2 * k + 1] as number;
  orderRuns(source, order, distances, stride);
  return order;
}

/** The (sort key, index) pairs in input order, and the count of each digit of the three passes. */
function writeSortKeys(
  levelKeys: Uint8Array,
  distances: Float64Array,
  stride: number,
  pairs: Uint32Array,
  low: Uint32Array,
  middle: Uint32Array,
  high: Uint32Array,
): void {
  const count = levelKeys.length;
  const words = new Uint32Array(distances.buffer, distances.byteOffset, distances.length * 2);
  const highWord = LITTLE_ENDIAN ? 1 : 0;
  for (let i = 0; i < count; i++) {
    const distance = distances[stride * i] as number;
    const word = words[2 * stride * i + highWord] as number;
    const code =
      distance === Number.POSITIVE_INFINITY
        ? INFINITE
        : Number.isNaN(distance)
          ? NOT_A_NUMBER
          : word <= NEAR
            ? 0
            : Math.min((word - NEAR) >>> 1, INFINITE - 1);
    const key = (((levelKeys[i] as number) << 24) | code) >>> 0;
    pairs[2 * i] = key;
    pairs[2 * i + 1] = i;
    (low[key & 0x7ff] as number)++;
    (middle[(key >>> 11) & 0x7ff] as number)++;
    (high[key >>> 22] as number)++;
  }
}

/**
 * One stable counting pass of the pairs from `source` into `target` on the digit `shift`/`mask`
 * (`buckets` holds each digit's count); false, with nothing moved, when every key has the same
 * digit (already in order).
 */
function radixPass(
  source: Uint32Array,
  target: Uint32Array,
  count: number,
  buckets: Uint32Array,
  shift: number,
  mask: number,
): boolean {
  let sum = 0;
  let oneDigit = false;
  for (let b = 0; b < buckets.length; b++) {
    const n = buckets[b] as number;
    if (n === count) oneDigit = true;
    buckets[b] = sum;
    sum += n;
  }
  if (oneDigit) return false;
  for (let k = 0; k < count; k++) {
    const key = source[2 * k] as number;
    const digit = (key >>> shift) & mask;
    const at = buckets[digit] as number;
    buckets[digit] = at + 1;
    target[2 * at] = key;
    target[2 * at + 1] = source[2 * k + 1] as number;
  }
  return true;
}

/**
 * Orders each run of equal sort key (`sorted` pairs beside `order`) by full distance, then input
 * order (each run is in input order and both sorts are stable).
 */
function orderRuns(sorted: Uint32Array, order: Uint32Array, distances: Float64Array, stride: number): void {
  const count = order.length;
  let start = 0;
  while (start < count) {
    const key = sorted[2 * start];
    let end = start + 1;
    while (end < count && sorted[2 * end] === key) end++;
    if (end - start > 16) {
      const run = Array.from(order.subarray(start, end));
      run.sort((a, b) => byDistance(distances, stride, a, b));
      order.set(run, start);
    } else {
      for (let k = start + 1; k < end; k++) {
        const index = order[k] as number;
        let at = k;
        while (at > start && byDistance(distances, stride, order[at - 1] as number, index) > 0) {
          order[at] = order[at - 1] as number;
          at--;
        }
        order[at] = index;
      }
    }
    start = end;
  }
}
