import { SlotSet, type Bits, type SlotSpace, type Span } from './slot-set';
import { compareText } from './slot-order';

/** Values and the slots holding each (a city, a colour, a word...). */
export class Dictionary {
  private readonly codes = new Map<string, number>();
  readonly values: string[] = [];
  readonly sets: SlotSet[] = [];
  /** The codes in the values' "C" order, sorted again once a value is added. */
  private sorted: number[] | undefined;

  constructor(private readonly space: SlotSpace) {}

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
      this.sets.push(new SlotSet(this.space));
      this.sorted = undefined;
    }
    return code;
  }

  /** Every code, its values in "C" order (a typed prefix is a run of them). */
  inOrder(): number[] {
    this.sorted ??= this.values
      .map((_, code) => code)
      .sort((a, b) => compareText(this.values[a]!, this.values[b]!));
    return this.sorted;
  }

  find(value: string): SlotSet | undefined {
    const code = this.codes.get(value);
    return code === undefined ? undefined : this.sets[code];
  }

  codeOf(value: string): number | undefined {
    return this.codes.get(value);
  }
}

/** Each value's code, with the slot added to the value's set. */
export function codesIn(dictionary: Dictionary, values: readonly string[], slot: number): number[] {
  const codes: number[] = [];
  for (const value of values) {
    const code = dictionary.code(value);
    if (codes.includes(code)) continue;
    codes.push(code);
    dictionary.sets[code]!.add(slot);
  }
  return codes;
}

/**
 * into = the slots holding every one of `values` (in the span's words); false (and `into` left
 * as it was) when none can: `values` is empty or one of them is on no product.
 */
export function allOf(
  dictionary: Dictionary,
  values: readonly string[],
  into: Bits,
  span: Span,
): boolean {
  const sets = values.map((value) => dictionary.find(value));
  if (sets.length === 0 || sets.some((set) => !set || set.size === 0)) return false;
  sets.sort((a, b) => a!.size - b!.size);
  into.fill(0, span.lo, span.hi);
  sets[0]!.orInto(into, span.lo, span.hi);
  for (const set of sets.slice(1)) set!.andInto(into, span.lo, span.hi);
  return true;
}
