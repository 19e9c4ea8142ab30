/**
 * A message's simple `{name}` arguments filled in, in English: the text the API and the emails
 * send until they translate, from the same message (its id) the web app translates with `t`.
 */
export function fillMessage(message: string, values: Record<string, unknown> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}
