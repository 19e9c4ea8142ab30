import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, ChangePasswordResponse } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export function changePassword(
  userName: string,
  input: ChangePasswordInput,
): Promise<ChangePasswordResponse> {
  return apiClient.put<ChangePasswordResponse>(
    `/user/${encodeURIComponent(userName)}/password`,
    input,
  );
}

/** Every other session ends with the change; this one goes on with the token in the answer. */
export function useChangePassword(userName: string) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(userName, input),
    onSuccess: ({ accessToken }) => setSession(accessToken, userName),
  });
}
