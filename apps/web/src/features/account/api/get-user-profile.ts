import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function getUserProfile(userName: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get<UserProfile>(`/user/${encodeURIComponent(userName)}`, { signal });
}

export const userProfileQueryKey = (userName: string) => ['user', userName] as const;

export function userProfileQueryOptions(userName: string) {
  return queryOptions({
    queryKey: userProfileQueryKey(userName),
    queryFn: ({ signal }) => getUserProfile(userName, signal),
  });
}

/** The signed-in user's profile; disabled (idle) while nobody is signed in. */
export function useUserProfile(userName: string | null | undefined) {
  return useQuery({ ...userProfileQueryOptions(userName ?? ''), enabled: Boolean(userName) });
}
