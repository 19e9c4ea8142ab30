import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function requestPasswordReset(
  input: ForgotPasswordInput,
): Promise<{ message?: string } | undefined> {
  return apiClient.post<{ message?: string } | undefined>('/auth/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
