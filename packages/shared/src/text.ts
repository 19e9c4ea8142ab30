import { z } from 'zod';

/**
 * Characters that show nothing, or change how the text around them shows, and that no one
 * types on purpose into a name, an address or a comment: control characters (Cc, tab
 * included), format characters (Cf: zero-width spaces and joiners, bidi overrides and
 * isolates, the byte-order mark), the other default-ignorable code points (Hangul fillers,
 * variation selectors), line and paragraph separators, lone surrogates and noncharacters.
 * They let one name pass for another ("Maple\u200b Denim Co") or hide and reorder text.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;
/** The same, except the line breaks a description or a comment may have (CR and LF). */
const INVISIBLE_BUT_LINE_BREAKS =
  /(?![\r\n])[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;

/**
 * Emoji written with joiners, variation selectors or tag characters (❤️, 👩‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿, 1️⃣): those
 * invisible characters are part of what people type in a comment, so free text keeps them there.
 */
const EMOJI_SEQUENCE =
  /\u{1F3F4}[\u{E0061}-\u{E007A}]+\u{E007F}|\p{Extended_Pictographic}\p{Emoji_Modifier}?[\uFE0E\uFE0F]?(?:\u200D\p{Extended_Pictographic}\p{Emoji_Modifier}?[\uFE0E\uFE0F]?)*|[#*0-9]\uFE0F\u20E3/gu;

export const TEXT_MESSAGES = {
  invisible: (label: string) => `${label}: remove invisible or control characters.`,
} as const;

/** Whether text has a character plainText refuses. */
export function hasInvisibleCharacters(text: string, options: { multiline?: boolean } = {}) {
  return options.multiline
    ? INVISIBLE_BUT_LINE_BREAKS.test(text.replace(EMOJI_SEQUENCE, ''))
    : INVISIBLE.test(text);
}

/**
 * The one way to take a name, an address line or free text: trimmed, NFC-normalised (one
 * spelling of "é", so equal names compare equal), and refusing invisible and control
 * characters with a message that names the field. Line breaks, and emoji sequences, only with
 * `multiline` (descriptions and comments): in a name they would make look-alikes.
 * Chain the field's own rules: `plainText('Store name').min(1, …).max(60, …)`.
 */
export function plainText(label: string, options: { multiline?: boolean; required?: string } = {}) {
  return z
    .string(options.required ?? `${label} is required.`)
    .trim()
    .normalize('NFC')
    .refine((text) => !hasInvisibleCharacters(text, options), TEXT_MESSAGES.invisible(label));
}
