import type { ItemSummary } from '@marketplace/shared';
import { ProductCard } from '../../../components/ui/product-card';

/** Cards above the fold load at once; the rest as they scroll into view. */
const EAGER_CARDS = 4;

export function ProductGrid({ items, updating }: { items: ItemSummary[]; updating: boolean }) {
  return (
    <ul className={`catalog-grid${updating ? ' is-updating' : ''}`} aria-busy={updating}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ProductCard item={item} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
