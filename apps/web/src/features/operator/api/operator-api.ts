import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditLogPage,
  MoneyAtAGlance,
  OperatorBrand,
  OperatorBrandPage,
  ReportedReviewPage,
  StoreStatus,
  TaxReport,
} from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';

export type BrandDecision = 'approve' | 'decline' | 'suspend' | 'reinstate';
export type ReviewDecision = 'hide' | 'keep';

const brandsKey = ['operator', 'brands'] as const;
const reviewsKey = ['operator', 'reviews'] as const;

/** GET /operator/brands: a page of brands by name, of one status or all. */
export function useBrands(status: StoreStatus | undefined, page: number) {
  return useQuery({
    queryKey: [...brandsKey, status ?? 'ALL', page],
    queryFn: ({ signal }) =>
      apiClient.get<OperatorBrandPage>('/operator/brands', { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /operator/brands/:storeId/{approve|suspend|reinstate} with the reason mailed to the owner. */
export function useDecideBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      storeId,
      decision,
      reason,
    }: {
      storeId: string;
      decision: BrandDecision;
      reason: string;
    }) =>
      apiClient.post<OperatorBrand>(`/operator/brands/${encodeURIComponent(storeId)}/${decision}`, {
        reason,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandsKey }),
  });
}

/** GET /operator/reviews: reported reviews, the longest waiting first. */
export function useReportedReviews(page: number) {
  return useQuery({
    queryKey: [...reviewsKey, page],
    queryFn: ({ signal }) =>
      apiClient.get<ReportedReviewPage>('/operator/reviews', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /operator/reviews/:reviewId/{hide|keep}: the author is told the reason. */
export function useDecideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      reviewId,
      decision,
      reason,
    }: {
      reviewId: number;
      decision: ReviewDecision;
      reason: string;
    }) => apiClient.post<void>(`/operator/reviews/${reviewId}/${decision}`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey }),
  });
}

/** GET /operator/money: the weeks of [from, to) and the overdue return refunds. */
export function useMoney(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: ['operator', 'money', from, to],
    queryFn: ({ signal }) =>
      apiClient.get<MoneyAtAGlance>('/operator/money', { query: { from, to }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /operator/tax-report: the tax collected and refunded in [from, to), by jurisdiction. */
export function useTaxReport(from: string, to: string) {
  return useQuery({
    queryKey: ['operator', 'tax-report', from, to],
    queryFn: ({ signal }) =>
      apiClient.get<TaxReport>('/operator/tax-report', { query: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /operator/audit-log: a page of the operators' decisions, newest first. */
export function useAuditLog(page: number) {
  return useQuery({
    queryKey: ['operator', 'audit-log', page],
    queryFn: ({ signal }) =>
      apiClient.get<AuditLogPage>('/operator/audit-log', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A console report as CSV (`format=csv`), fetched with the operator's token and saved under
 * `filename` (a plain link would carry no token).
 */
export function useCsvDownload() {
  return useMutation({
    mutationFn: async ({
      path,
      query,
    }: {
      path: string;
      query?: Record<string, string>;
      filename: string;
    }) =>
      apiClient.blob(`${path}?${new URLSearchParams({ ...query, format: 'csv' }).toString()}`, {
        headers: { Accept: 'text/csv' },
      }),
    onSuccess: (file, { filename }) => {
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
