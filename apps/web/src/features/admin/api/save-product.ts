import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemDetail, ValidItem } from '@marketplace/shared';
import { apiClient } from '../../../lib/api-client';
import { storeProductsQueryKey } from './get-store-products';

/** PUT /item carries the whole product; `images` lists the kept URLs, or null when untouched. */
export type ProductUpdateDto = ValidItem &
  Pick<ItemDetail, 'id' | 'store' | 'createdAt' | 'updatedAt' | 'thumbnail'> & {
    images: string[] | null;
  };

export interface SaveProductInput {
  itemDto: ValidItem | ProductUpdateDto;
  thumbnail: File | null;
  images: readonly File[];
}

const isUpdate = (dto: SaveProductInput['itemDto']): dto is ProductUpdateDto => 'id' in dto;

/** POST /item (new) or PUT /item (edit), multipart as spec 3 and 7 describe. */
export function saveProduct({ itemDto, thumbnail, images }: SaveProductInput): Promise<ItemDetail> {
  const body = new FormData();
  body.append('itemDto', JSON.stringify(itemDto));
  if (thumbnail) body.append('thumbnail', thumbnail);
  for (const image of images) body.append('images', image);
  return isUpdate(itemDto)
    ? apiClient.put<ItemDetail>('/item', body)
    : apiClient.post<ItemDetail>('/item', body);
}

export function useSaveProduct(storeName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    // Not awaited: the dialog closes at once while the list reloads behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: storeProductsQueryKey(storeName) });
    },
  });
}
