import { RELATED_PRODUCTS_COUNT, msg } from '@marketplace/shared';
import { useId } from 'react';
import { ProductCard } from '../../../components/ui/product-card';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { useI18n } from '../../../i18n/i18n-context';
import { useRelatedProducts } from '../api/get-related-products';
import '../also-like.css';

export const YOU_MAY_ALSO_LIKE = msg('YOU MAY ALSO LIKE...');

/**
 * Spec 2's block of four cards, with real products (issue 13 item 7): like `itemIds` (the
 * product on the page, or the bag's), from other brands, the shopper's city first.
 * `itemIds` is null while they are not known yet.
 */
export function YouMayAlsoLike({ itemIds }: { itemIds: readonly number[] | null }) {
  const { t } = useI18n();
  const titleId = useId();
  const [city] = useSelectedCity();
  const related = useRelatedProducts(itemIds, city);
  const items = related.data ?? [];
  // Nothing to show (a catalog with no other product, or a failed request): no empty heading.
  if (related.isSuccess && items.length === 0) return null;
  if (related.isError) return null;
  return (
    <section className="also-like" aria-labelledby={titleId} aria-busy={related.isPending}>
      <h2 id={titleId} className="section-title">
        {t(YOU_MAY_ALSO_LIKE)}
      </h2>
      <ul className="also-like__grid">
        {related.isPending
          ? Array.from({ length: RELATED_PRODUCTS_COUNT }, (_, index) => (
              // Placeholders hold the row's height, so the page does not jump when they come.
              <li key={index} className="also-like__placeholder" aria-hidden="true" />
            ))
          : items.map((item) => (
              <li key={item.id}>
                <ProductCard item={item} />
              </li>
            ))}
      </ul>
    </section>
  );
}
