/**
 * Money in minor units (issue 40 item 4, decision 052): the one module that owns how an amount
 * is read, rounded, added, split and written. Inside the API an amount is an integer number of
 * cents; decimal dollars exist only at the edges (the database's numeric(10,2) text, the JSON
 * answers and requests of spec 9, a provider's own unit).
 */

/** An integer number of cents. A brand on `number`, so dollars are not passed where cents go. */
export type Cents = number & { readonly __unit: 'cents' };

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** An integer as cents; anything else (a fraction of a cent, NaN) is a bug, not money. */
export function asCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not a whole number of cents`);
  return value as Cents;
}

/**
 * A decimal as PostgreSQL writes numeric(10,2) ("12.34", "-5.00", "7") in cents, by its digits:
 * no floating-point arithmetic, so "0.29" is 29 and never 28.999….
 */
export function parseCents(decimal: string): Cents {
  const match = DECIMAL.exec(decimal.trim());
  if (!match) throw new RangeError(`"${decimal}" is not an amount with at most two decimals`);
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return asCents(minus && cents !== 0 ? -cents : cents);
}

/** Cents as a decimal with two places ("1234" → "12.34", "-5" → "-0.05"), for the database. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Dollars as the spec writes them (a request's price, a provider's decimal) in cents, rounded
 * to the nearest cent. The one conversion in; `fromCents` is the one out.
 */
export function toCents(amount: number): Cents {
  return Math.round(amount * 100) as Cents;
}

/** Cents as the spec's decimal dollars, for a JSON answer, a page or a provider that wants them. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** Cents added: exact, whatever their number. */
export function sumCents(...amounts: readonly number[]): Cents {
  return amounts.reduce((sum, amount) => sum + amount, 0) as Cents;
}

/**
 * `cents × numerator / denominator` rounded half up (away from zero on a half), in integers:
 * a share of an amount (units of a line, a rate in parts per million) exactly, of any size.
 */
export function shareOf(cents: number, numerator: number, denominator: number): Cents {
  if (denominator <= 0) throw new RangeError('a share needs a positive denominator');
  const exact = BigInt(cents) * BigInt(numerator);
  const negative = exact < 0n;
  const magnitude = negative ? -exact : exact;
  const rounded = (magnitude * 2n + BigInt(denominator)) / (2n * BigInt(denominator));
  return asCents(Number(negative ? -rounded : rounded));
}

/**
 * Splits `total` cents over parts in proportion to `weights` by largest remainder, exactly:
 * each part gets its floor and the cents left over go to the largest remainders (the earlier
 * part on a tie), so the parts always add up to `total`. Weights are non-negative integers
 * (usually cents); with all weights zero every part is zero. With two parts, the first is its
 * share rounded half up.
 */
export function allocate(total: number, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0 as Cents);
  const sign = total < 0 ? -1 : 1;
  const magnitude = BigInt(Math.abs(total));
  const shares = weights.map((weight, index) => {
    const exact = magnitude * BigInt(weight);
    return { index, part: Number(exact / BigInt(sum)), remainder: Number(exact % BigInt(sum)) };
  });
  let left = Math.abs(total) - shares.reduce((a, share) => a + share.part, 0);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    share.part += 1;
    left -= 1;
  }
  return shares.map((share) => (share.part === 0 ? 0 : sign * share.part) as Cents);
}

/**
 * Splits `total` cents in proportion to `weights` by running shares: each part is the running
 * share rounded half up minus the previous one (decision 014's method for a parcel's shipping
 * over the rates of the goods it carries; recorded taxes depend on it, so it is kept beside
 * `allocate` rather than replaced by it). With two parts it gives what `allocate` gives.
 */
export function allocateByRunningShare(total: number, weights: readonly number[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0 as Cents);
  let running = 0;
  let previous = 0;
  return weights.map((weight) => {
    running += weight;
    const upTo = shareOf(total, running, sum);
    const part = upTo - previous;
    previous = upTo;
    return part as Cents;
  });
}
