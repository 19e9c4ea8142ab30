import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@marketplace/shared';
import { apiClient } from '../api-client';

/** GET /user/{userName}: the profile (role, store, default address, language). */
export function getUserProfile(userName: string, signal?: AbortSignal): Promise<UserProfile> {
  return apiClient.get<UserProfile>(`/user/${encodeURIComponent(userName)}`, { signal });
}

/**
 * Every profile: what a change to the signed-in user's role or store refreshes, and what signing
 * out drops. The account pages, the checkout's address prefill and the routes' role checks share
 * these keys, so the profile is fetched once.
 */
export const userProfilesQueryKey = ['user'] as const;

export const userProfileQueryKey = (userName: string) =>
  [...userProfilesQueryKey, userName] as const;

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
