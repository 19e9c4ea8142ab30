import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function resetPassword(input: ResetPasswordInput): Promise<void> {
  return apiClient.post<void>('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
