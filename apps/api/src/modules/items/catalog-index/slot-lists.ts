/** Codes in 16 bits while every code fits (a catalog of fewer than 65,536 words), else 32. */
type Pool = Uint16Array | Int32Array;

/**
 * A short list of codes per slot (a product's words, colours, sizes), all in one pool: 100,000
 * products' thirty words as arrays of their own took more room in object headers than in
 * codes. A slot's new list is written at the end; the pool is compacted when half of it is
 * lists no slot points to any more.
 */
export class SlotLists {
  private pool: Pool = new Uint16Array(1024);
  private used = 0;
  private garbage = 0;
  private start = new Int32Array(0);
  private length = new Int32Array(0);

  /** Room for `slots` slots (the index grows them together). */
  grow(slots: number): void {
    if (slots <= this.start.length) return;
    const start = new Int32Array(slots);
    start.set(this.start);
    const length = new Int32Array(slots);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  set(slot: number, codes: readonly number[]): void {
    this.clear(slot);
    if (this.pool instanceof Uint16Array && codes.some((code) => code > 0xffff))
      this.pool = Int32Array.from(this.pool);
    if (this.used + codes.length > this.pool.length) this.makeRoom(codes.length);
    this.start[slot] = this.used;
    this.length[slot] = codes.length;
    for (const code of codes) this.pool[this.used++] = code;
  }

  clear(slot: number): void {
    this.garbage += this.length[slot]!;
    this.length[slot] = 0;
  }

  /** Calls `visit` with each code of the slot's list. */
  forEach(slot: number, visit: (code: number) => void): void {
    const end = this.start[slot]! + this.length[slot]!;
    for (let i = this.start[slot]!; i < end; i++) visit(this.pool[i]!);
  }

  /** The pool and each slot's place in it, to read in a loop of the caller's own (read only). */
  arrays(): { pool: Pool; start: Int32Array; length: Int32Array } {
    return { pool: this.pool, start: this.start, length: this.length };
  }

  private makeRoom(needed: number): void {
    const live = this.used - this.garbage;
    if (this.garbage < live / 4) {
      // Little to win by compacting (a load writes every list once): the pool is copied as it is.
      const pool = this.newPool(Math.max(1024, Math.ceil((this.used + needed) * 1.5)));
      pool.set(this.pool.subarray(0, this.used));
      this.pool = pool;
      return;
    }
    // Half as much again as what is live: room for the next lists without holding twice the codes.
    const size = Math.max(1024, Math.ceil((live + needed) * 1.5));
    const pool = this.newPool(size);
    let used = 0;
    for (let slot = 0; slot < this.start.length; slot++) {
      const length = this.length[slot]!;
      if (length === 0) continue;
      const start = this.start[slot]!;
      pool.set(this.pool.subarray(start, start + length), used);
      this.start[slot] = used;
      used += length;
    }
    this.pool = pool;
    this.used = used;
    this.garbage = 0;
  }

  /** An empty pool of this one's width. */
  private newPool(size: number): Pool {
    return this.pool instanceof Uint16Array ? new Uint16Array(size) : new Int32Array(size);
  }
}
