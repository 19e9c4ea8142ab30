import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileInput, UserProfile } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { userProfileQueryKey } from '../../../lib/api/get-user-profile';

export function updateUserProfile(
  userName: string,
  input: UpdateProfileInput,
): Promise<UserProfile> {
  return apiClient.put<UserProfile>(`/user/${encodeURIComponent(userName)}`, input);
}

export function useUpdateUserProfile(userName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateUserProfile(userName, input),
    onSuccess: async (profile) => {
      queryClient.setQueryData(userProfileQueryKey(userName), profile);
      await queryClient.invalidateQueries({ queryKey: userProfileQueryKey(userName) });
    },
  });
}
