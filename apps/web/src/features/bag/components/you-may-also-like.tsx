import { useId } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@marketplace/shared';

/** Spec 2: a static block of four hard-coded products, at spec 9's sample prices. */
export const ALSO_LIKE = [
  { id: 1, name: 'Everyday Selvedge Jean', price: 49.99, look: 'indigo' },
  { id: 2, name: 'Relaxed Linen Shirt', price: 69.99, look: 'sand' },
  { id: 3, name: 'Merino Crew Knit', price: 89.99, look: 'rust' },
  { id: 4, name: 'Waxed Cotton Jacket', price: 99.99, look: 'olive' },
] as const;

/** A garment drawn locally (DESIGN 6: deliberate placeholders, no network). */
function GarmentArt() {
  return (
    <svg viewBox="0 0 120 160" width="120" height="160" aria-hidden="true" focusable="false">
      <path
        className="also-like__garment"
        d="M44 22 L60 30 L76 22 L102 36 L94 62 L84 58 L84 136 L36 136 L36 58 L26 62 L18 36 Z"
      />
      <path className="also-like__seam" d="M60 30 L60 136 M44 22 Q60 40 76 22" />
    </svg>
  );
}

export function YouMayAlsoLike() {
  const titleId = useId();
  return (
    <section className="also-like" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        YOU MAY ALSO LIKE...
      </h2>
      <ul className="also-like__grid">
        {ALSO_LIKE.map((product) => (
          <li key={product.id}>
            <Link to={`/product/${product.id}`} className="also-like__card">
              <span className={`also-like__frame also-like__frame--${product.look}`}>
                <GarmentArt />
              </span>
              <span className="also-like__name">{product.name}</span>
              <span className="also-like__price price">{formatMoney(product.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
