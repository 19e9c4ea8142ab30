import { createRequire } from 'node:module';

/**
 * Unicode's confusables mapping (UTS #39, confusables.txt 13.0.0: each character to the
 * prototype it looks like, "о" Cyrillic to "o", "m" to "rn"), as the unhomoglyph package
 * ships it (MIT; the data is Unicode's, under the Unicode licence). Read on the server only:
 * it is 100 KB that the web app never needs.
 */
const CONFUSABLES: Readonly<Record<string, string>> = createRequire(import.meta.url)(
  'unhomoglyph/data.json',
);

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Spacing, punctuation and symbols: "Maple Denim Co." and "Maple-Denim Co" read as one name. */
const SEPARATORS = /[\s\p{P}\p{S}]/gu;

/** UTS #39 skeleton: NFD, each character mapped to its prototype, NFD again. */
function skeleton(text: string): string {
  let mapped = '';
  for (const character of text.normalize('NFD')) mapped += CONFUSABLES[character] ?? character;
  return mapped.normalize('NFD');
}

/** A store name's two look-alike keys; two names look the same when either key is equal. */
export interface StoreNameKeys {
  /** skeleton(lowercase(name)): case and look-alikes together ("MAPLE DENIM Cо"). */
  folded: string;
  /** lowercase(skeleton(name)), skeleton again: a capital I for an l ("PayPaI", "MiII Road"). */
  cased: string;
}

/**
 * What a store name looks like: names whose keys match cannot be told apart at a glance
 * ("Maple Denim Co" and "Maple Denim Cо" with a Cyrillic о), so store names are unique by
 * each key. Two keys because case and look-alikes do not compose into one: I lowercases to i,
 * yet its UTS #39 prototype is l, and i and l must stay different letters.
 * Spacing, punctuation and symbols are dropped after the look-alike mapping (which turns some
 * letters into punctuation-like prototypes and back), so names that differ only by them collide
 * (issue 39.5); accents stay, "Élise" is not "Elise". Invisible characters are dropped too: the
 * schemas refuse those in new names, but names saved before them may hold some.
 */
export function storeNameKeys(name: string): StoreNameKeys {
  const visible = name.replace(INVISIBLE, '');
  const tidy = (key: string) => key.replace(SEPARATORS, '');
  return {
    folded: tidy(skeleton(visible.toLowerCase())),
    cased: tidy(skeleton(skeleton(visible).toLowerCase())),
  };
}
