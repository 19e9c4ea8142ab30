const MARKS = /\p{M}/gu;

/** How a name sorts first: accents and case set aside ("Érable" as "erable"). */
const foldedName = (name: string) => name.normalize('NFD').replace(MARKS, '').toLowerCase();

/**
 * Names A to Z as a reader expects them: accents and case set aside first ("Érable" among the
 * e's, not after "Zed"), then as written, so that no two different names tie. For the Latin
 * names of brands, colours and sizes this is the order of `localeCompare`, without Intl: the
 * first use of its collator costs a page tens of milliseconds of its main thread (ICU's
 * start-up), on the catalog before it can respond.
 */
export function compareNames(a: string, b: string): number {
  const [x, y] = [foldedName(a), foldedName(b)];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
