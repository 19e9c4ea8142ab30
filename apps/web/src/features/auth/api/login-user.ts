import { useMutation } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function loginUser(input: LoginInput): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/auth/login', input);
}

export function useLoginUser() {
  return useMutation({ mutationFn: loginUser });
}
