import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /user/{userName}: the checkout prefills the shipping address from the profile. */
export function getUserProfile(userName: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get<UserProfile>(`/user/${encodeURIComponent(userName)}`, { signal });
}

/** The same key as the account pages, so the profile is fetched once. */
export function userProfileQueryOptions(userName: string) {
  return queryOptions({
    queryKey: ['user', userName] as const,
    queryFn: ({ signal }) => getUserProfile(userName, signal),
  });
}

export function useUserProfile(userName: string | null | undefined) {
  return useQuery({ ...userProfileQueryOptions(userName ?? ''), enabled: Boolean(userName) });
}
