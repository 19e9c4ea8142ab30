import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PayoutAccount } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

/** GET /store/payouts/account: how the store is paid, and whether Stripe is ready to pay it. */
export function getPayoutAccount(signal?: AbortSignal): Promise<PayoutAccount> {
  return apiClient.get<PayoutAccount>('/store/payouts/account', { signal });
}

export const payoutAccountQueryKey = ['store-payout-account'] as const;

export function usePayoutAccount() {
  return useQuery(
    queryOptions({
      queryKey: payoutAccountQueryKey,
      queryFn: ({ signal }) => getPayoutAccount(signal),
    }),
  );
}

/** POST /store/payouts/account/onboarding: Stripe's onboarding page for the store's account. */
export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => apiClient.post<{ url: string }>('/store/payouts/account/onboarding'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** GET /store/payouts/statements/{start}/{pdf|csv}: fetched with the token, then saved. */
export function getStatement(start: string, format: 'pdf' | 'csv'): Promise<Blob> {
  return apiClient.blob(`/store/payouts/statements/${encodeURIComponent(start)}/${format}`, {
    headers: { Accept: format === 'pdf' ? 'application/pdf' : 'text/csv' },
  });
}

export function useStatementDownload() {
  return useMutation({
    mutationFn: ({ start, format }: { start: string; format: 'pdf' | 'csv' }) =>
      getStatement(start, format),
    onSuccess: (file, { start, format }) => {
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `statement-${start}.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
