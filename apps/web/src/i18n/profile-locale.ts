import type { Locale, UserLocale } from '@marketplace/shared';
import { apiClient } from '../lib/api-client';

/** Keeps a signed-in user's language in their profile (issue 19), for their other devices. */
export function saveProfileLocale(userName: string, locale: Locale): Promise<UserLocale> {
  return apiClient.put<UserLocale>(`/user/${encodeURIComponent(userName)}/locale`, { locale });
}
