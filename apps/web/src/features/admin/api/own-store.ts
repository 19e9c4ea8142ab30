import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BankAccountAnswer,
  BankAccountInput,
  BankAccountView,
  ShippingAddress,
  StoreOwnerView,
  StorePublic,
} from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { userProfilesQueryKey } from '../../../lib/api/get-user-profile';

/** GET /store: the seller's own store with its addresses (issue 16). */
export const ownStoreQueryKey = ['own-store'] as const;

export function useOwnStore() {
  return useQuery({
    queryKey: ownStoreQueryKey,
    queryFn: ({ signal }) => apiClient.get<StoreOwnerView>('/store', { signal }),
  });
}

/**
 * PUT /store with the store's fields as they are and one of its addresses: the ship-from
 * address, or the return address (null: returns go to the ship-from address, issue 39.3).
 */
/** One of the store's two addresses, saved on its own (the other stays as it is). */
export type StoreAddressInput =
  { shipFromAddress: ShippingAddress } | { returnAddress: ShippingAddress | null };

export function useSaveStoreAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ store, address }: { store: StoreOwnerView; address: StoreAddressInput }) =>
      apiClient.put('/store', {
        name: store.name,
        description: store.description,
        city: store.city,
        ...address,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownStoreQueryKey }),
  });
}

export interface StoreProfileInput {
  name: string;
  description: string;
  descriptionFr: string;
  city: string;
  shippingNotes: string;
  returnNotes: string;
  logo: File | null;
  banner: File | null;
}

/** PUT /store as multipart (issue 39.3): the profile's text fields, and a new logo or banner. */
export function useSaveStoreProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ logo, banner, ...fields }: StoreProfileInput) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      if (logo) body.append('thumbnail', logo);
      if (banner) body.append('banner', banner);
      return apiClient.put<StorePublic>('/store', body);
    },
    // The dashboard's title and the account menu read the store's name from the profile.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownStoreQueryKey }),
        queryClient.invalidateQueries({ queryKey: userProfilesQueryKey }),
      ]),
  });
}

/** GET and PUT /store/payouts/bank-account (issue 39.3): answered masked. */
export const bankAccountQueryKey = ['store-bank-account'] as const;

export function useBankAccount() {
  return useQuery({
    queryKey: bankAccountQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get<BankAccountAnswer>('/store/payouts/bank-account', { signal }),
  });
}

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountInput) =>
      apiClient.put<BankAccountView>('/store/payouts/bank-account', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAccountQueryKey }),
  });
}
