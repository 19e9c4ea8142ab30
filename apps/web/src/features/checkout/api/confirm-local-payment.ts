import type { LocalConfirmInput } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export interface PaymentResult {
  status: 'succeeded';
}

/** DESIGN 4: the built-in provider's card confirmation (402 'Your card was declined.'). */
export function confirmLocalPayment(input: LocalConfirmInput): Promise<PaymentResult> {
  return apiClient.post<PaymentResult>('/payments/local/confirm', input);
}
