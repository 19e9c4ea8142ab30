import { SlotSet, type SlotSpace } from './slot-set';
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
