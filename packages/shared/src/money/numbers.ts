/**
 * A whole number, its thousands grouped: by commas as English writes them (2000 → "2,000",
 * as `toLocaleString('en-US')` writes it), or by `separator`. Without Intl: the messages that
 * state a limit are built when their module loads, and the first use of Intl in a page costs
 * the browser tens of milliseconds of its main thread (ICU's start-up), on a product page
 * before it can respond.
 */
export function groupedDigits(whole: number, separator = ','): string {
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Not a whole number: ${whole}`);
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
