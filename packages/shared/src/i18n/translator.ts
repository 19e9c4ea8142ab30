import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { fillMessage } from '../fill-message';
import { writeCompiled } from './compiled-messages';
import type { Locale } from './locales';

/** A catalog as translators write it: English message (the id) → ICU message in the locale. */
export type Catalog = Readonly<Record<string, string>>;

export type MessageValues = Record<string, unknown>;

/** Lingui's compiler (`@lingui/message-utils/compileMessage`), passed in where bytes do not count. */
export type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];

export interface Translator {
  readonly locale: Locale;
  /** The message in this locale, its ICU arguments filled from `values`. */
  t(message: string, values?: MessageValues): string;
  /** The underlying Lingui instance, for its number and date formats. */
  readonly i18n: I18n;
}

/**
 * A translator over compiled messages (the web build compiles its catalogs: the browser never
 * loads a message parser) or raw ones with a compiler (the API). A message missing from the
 * catalog is its English id, its `{name}` arguments filled in: English needs a compiled entry
 * only for its plurals, selects and formats, and the catalog check in `npm test`
 * (catalog-completeness.test.ts) keeps a French one from missing.
 */
export function createTranslator(
  locale: Locale,
  messages: Messages,
  compile?: MessageCompiler,
): Translator {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  if (compile) i18n.setMessagesCompiler(compile);
  return {
    locale,
    i18n,
    t(message, values) {
      if (!compile) {
        const compiled = messages[message];
        // Not in the catalog: an English message whose arguments are only filled in (the build
        // leaves those out of the first load), or one without arguments.
        if (compiled === undefined) return values ? fillMessage(message, values) : message;
        // A message without arguments compiles to its text: Lingui's development build would
        // take it for an uncompiled one and warn on every call (the server's log, each render).
        if (typeof compiled === 'string') return compiled;
        const written = writeCompiled(compiled, values ?? {}, locale);
        if (written !== undefined) return written;
      }
      return i18n._(message, values, { message });
    },
  };
}
