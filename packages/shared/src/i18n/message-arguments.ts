import { fillMessage } from '../fill-message';

/**
 * A message with ICU arguments, as a zod issue or an API error carries it: the error's text is
 * the message filled in English (what English readers, the API's English answers and the tests
 * read), and these let another language translate it (`t(message, values)`), where the filled
 * text alone is in no catalog.
 */
export interface MessageArguments {
  readonly message: string;
  readonly values: Readonly<Record<string, unknown>>;
}

/** Filled English text → the message and values it was filled from. */
export type FilledMessages = Readonly<Record<string, MessageArguments>>;

/** The message filled in English, and what translates it: for a zod issue's `params` and an error. */
export function filledMessage(message: string, values: Record<string, unknown>) {
  const text = fillMessage(message, values);
  return { text, params: { i18n: { message, values } satisfies MessageArguments } };
}

/** The arguments a zod issue carries (`params.i18n`, set from `filledMessage`), if any. */
export function issueArguments(issue: object): MessageArguments | undefined {
  const params = 'params' in issue ? (issue.params as { i18n?: MessageArguments }) : undefined;
  return params?.i18n && typeof params.i18n.message === 'string' ? params.i18n : undefined;
}

/** A text in the translator's language: through the message it was filled from when known. */
export function translateText(
  t: (message: string, values?: Record<string, unknown>) => string,
  text: string,
  filled?: FilledMessages,
): string {
  const args = filled?.[text];
  return args ? t(args.message, args.values) : t(text);
}

/** One filled message, as an error carries it (`new Conflict(text, undefined, filledMessages(…))`). */
export function filledMessages(filled: ReturnType<typeof filledMessage>): FilledMessages {
  return { [filled.text]: filled.params.i18n };
}
