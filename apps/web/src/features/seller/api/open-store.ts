import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreInput, StoreOwnerView } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { userProfilesQueryKey } from '../../../lib/api/get-user-profile';

export interface OpenStoreInput extends StoreInput {
  thumbnail?: File | null;
}

/** POST /store as multipart, so the optional thumbnail travels with the text fields. */
export function openStore({ name, description, descriptionFr, city, thumbnail }: OpenStoreInput) {
  const body = new FormData();
  body.append('name', name);
  body.append('description', description ?? '');
  if (descriptionFr) body.append('descriptionFr', descriptionFr);
  body.append('city', city);
  if (thumbnail) body.append('thumbnail', thumbnail);
  return apiClient.post<StoreOwnerView>('/store', body);
}

export function useOpenStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openStore,
    // The profile now has a storeName: the navbar's Admin Dashboard link reads it from the profile.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfilesQueryKey }),
  });
}
