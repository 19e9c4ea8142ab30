import type { ItemSummary } from '@marketplace/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './product-card';

const item = (overrides: Partial<ItemSummary> = {}): ItemSummary => ({
  id: 3,
  name: 'Oversized Double-Faced Merino Wool Overcoat With Horn Buttons',
  price: 400,
  sale: 25,
  salePrice: 300,
  currency: 'CAD',
  thumbnail: null,
  store: 'Maple Denim Co',
  category: 'women',
  soldOut: false,
  ...overrides,
});

const renderCard = (summary: ItemSummary) =>
  render(
    <MemoryRouter>
      <ProductCard item={summary} />
    </MemoryRouter>,
  );

describe('ProductCard (issue 13)', () => {
  it("says 'Sold out' on a product with nothing left", () => {
    renderCard(item({ soldOut: true }));
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveClass('product-card--sold-out');
  });

  it('says nothing of stock on an available product', () => {
    renderCard(item());
    expect(screen.queryByText('Sold out')).not.toBeInTheDocument();
  });

  it('keeps a long name whole in its title, for the card that cuts it with an ellipsis', () => {
    renderCard(item());
    const name = screen.getByRole('heading', { level: 3 });
    expect(name).toHaveClass('product-card__name');
    expect(name).toHaveAttribute('title', item().name);
  });
});
