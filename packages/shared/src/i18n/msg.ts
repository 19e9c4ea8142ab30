const registered = new Set<string>();

/**
 * Marks a user-facing message. Its English text (the spec's wording) is its id in every
 * catalog, so the constant stays the English message the API and the tests compare with, and
 * a display translates it with `t(message)`. Messages may use ICU syntax for what varies
 * ("{count, plural, one {# item} other {# items}}"), formatted with values by `t`.
 *
 * It also records the message, so the catalog check (catalog-completeness.test.ts) finds
 * messages built from constants (`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
 * as well as the literal ones it reads in the code.
 */
export function msg<const T extends string>(text: T): T {
  registered.add(text);
  return text;
}

/** Every message marked by `msg` in the modules loaded so far. */
export function registeredMessages(): ReadonlySet<string> {
  return registered;
}
