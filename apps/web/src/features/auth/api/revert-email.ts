import { useMutation } from '@tanstack/react-query';
import type { RevertEmailInput, RevertEmailResponse } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

export function revertEmail(input: RevertEmailInput): Promise<RevertEmailResponse> {
  return apiClient.post<RevertEmailResponse>('/auth/revert-email', input);
}

/** The revert ends every session of the account, this browser's included. */
export function useRevertEmail() {
  return useMutation({ mutationFn: revertEmail, onSuccess: () => clearSession() });
}
