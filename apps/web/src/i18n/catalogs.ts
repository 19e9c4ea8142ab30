import { createTranslator, type Locale, type Translator } from '@marketplace/shared';
import englishMessages from 'virtual:i18n-catalog/en';

/** English: the spec's wording, in the first load (its catalog holds only ICU messages). */
export const englishTranslator: Translator = createTranslator('en', englishMessages);

const loaded = new Map<Locale, Translator>([['en', englishTranslator]]);

/** Another locale's catalog is a chunk of its own, loaded once, before the page renders in it. */
const loaders: Record<
  Exclude<Locale, 'en'>,
  () => Promise<{ default: Translator['i18n']['messages'] }>
> = {
  'fr-CA': () => import('virtual:i18n-catalog/fr-CA'),
};

export async function loadTranslator(locale: Locale): Promise<Translator> {
  const known = loaded.get(locale);
  if (known) return known;
  const { default: messages } = await loaders[locale as Exclude<Locale, 'en'>]();
  const translator = createTranslator(locale, messages);
  loaded.set(locale, translator);
  return translator;
}

/** The translator of a locale already loaded (the server renders after `loadTranslator`). */
export function loadedTranslator(locale: Locale): Translator | undefined {
  return loaded.get(locale);
}
