import { msg } from '@marketplace/shared';
import type { I18n } from '../../../i18n/i18n-context';
import { ApiError } from '../../../lib/api-client';

/** A calendar day of the console (a week's Monday, a period's bounds): UTC, as the API counts. */
export const CALENDAR_DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

/** A moment (a report, a payout run's end), in the reader's time zone. */
export const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const FAILED = msg('That did not go through. Try again.');

/** The server's refusal (in the page's language already), or a generic one. */
export const messageOf = (error: Error, t: I18n['t']) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : t(FAILED);
