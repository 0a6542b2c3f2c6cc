/**
 * Gathers the detail batches that arrive for each source and hands them over together, at most
 * once per `delayMs` per source. Every `updateData` makes MapLibre's worker re-index the whole
 * source and the map redraw; a stream of a few dozen small batches was a few dozen re-indexes
 * and frames while the page was loading (issue 15, item 14). Knows nothing of MapLibre.
 */
export class CoalescedUpdates<Item> {
  private readonly pending = new Map<string, Item[]>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly flush: (key: string, items: Item[]) => void,
    private readonly delayMs = 400,
  ) {}

  /** Whether anything waits to be handed over. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  add(key: string, items: readonly Item[]): void {
    if (items.length === 0) return;
    const list = this.pending.get(key);
    if (list) list.push(...items);
    else this.pending.set(key, [...items]);
    this.timer ??= setTimeout(() => this.flushAll(), this.delayMs);
  }

  /** Forgets what waits for `key` (its source was reset). */
  drop(key: string): void {
    this.pending.delete(key);
  }

  flushAll(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending];
    this.pending.clear();
    for (const [key, items] of batches) this.flush(key, items);
  }

  /** Drops everything and the timer (the map is going away). */
  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
