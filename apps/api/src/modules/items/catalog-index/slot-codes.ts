type TypedArray = Int32Array | Uint8Array | Uint16Array | Float64Array;

/** A copy of `array`, `length` long (the index's arrays double as it grows). */
export function grownArray<T extends TypedArray>(array: T, length: number): T {
  const longer = new (array.constructor as new (length: number) => T)(length);
  longer.set(array as never);
  return longer;
}

/**
 * Each slot's code in the lists a product has one value of: its city, category and store (their
 * dictionaries' codes) and its price band (PRICE_BANDS' index). The index writes them and keeps
 * its sets by them; the facet tallies count them. The arrays are replaced as the index grows: a
 * loop takes them from here once, before it starts.
 */
export class SlotCodes {
  city = new Uint16Array(0);
  category = new Uint16Array(0);
  store = new Int32Array(0);
  band = new Uint8Array(0);

  grow(slots: number): void {
    this.city = grownArray(this.city, slots);
    this.category = grownArray(this.category, slots);
    this.store = grownArray(this.store, slots);
    this.band = grownArray(this.band, slots);
  }
}
