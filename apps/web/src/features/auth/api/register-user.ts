import { useMutation } from '@tanstack/react-query';
import type { RegisterUserInput, UserProfile } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export function registerUser(input: RegisterUserInput): Promise<UserProfile> {
  return apiClient.post<UserProfile>('/auth/registerUser', input);
}

export function useRegisterUser() {
  return useMutation({ mutationFn: registerUser });
}
