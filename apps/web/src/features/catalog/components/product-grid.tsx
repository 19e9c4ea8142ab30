import type { ItemSummary } from '@marketplace/shared';
import { ProductCard } from '../../../components/ui/product-card';
import type { ThumbnailPriority } from '../../../components/ui/thumbnail';

/**
 * Cards above the fold load at once, and the first row (two cards on a phone) first of all: one
 * of them is the page's largest paint. The rest load as they scroll into view.
 */
const EAGER_CARDS = 4;
const FIRST_ROW = 2;

const priorityAt = (index: number): ThumbnailPriority =>
  index < FIRST_ROW ? 'high' : index < EAGER_CARDS ? 'eager' : 'lazy';

export function ProductGrid({ items, updating }: { items: ItemSummary[]; updating: boolean }) {
  return (
    <ul className={`catalog-grid${updating ? ' is-updating' : ''}`} aria-busy={updating}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ProductCard item={item} imagePriority={priorityAt(index)} />
        </li>
      ))}
    </ul>
  );
}
