import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, SaveDefaultAddressInput, ShippingAddress } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { userProfileQueryKey } from '../../../lib/api/get-user-profile';

export interface SaveDefaultAddress {
  userName: string;
  address: ShippingAddress;
}

/**
 * "Save this address" (issue 39.10): PUT /user/{userName}/addresses/default makes the checkout's
 * address the account's default, the one the next checkout fills in. The name stays the order's.
 */
export function saveDefaultAddress({ userName, address }: SaveDefaultAddress): Promise<Address[]> {
  const { streetAddress, apartment, city, province, country, postalCode } = address;
  const body: SaveDefaultAddressInput = {
    streetAddress,
    apartment,
    city,
    province,
    country,
    postalCode,
  };
  return apiClient.put<Address[]>(`/user/${encodeURIComponent(userName)}/addresses/default`, body);
}

export function useSaveDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDefaultAddress,
    onSuccess: (_addresses, { userName }) =>
      queryClient.invalidateQueries({ queryKey: userProfileQueryKey(userName) }),
  });
}
