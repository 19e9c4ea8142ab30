import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';
import { option, productFixture } from '../testing/product-fixtures';

// Issue 39.27: a sold-out product's page does not ask for a size when nothing is left.

function openProduct(itemOptions: ReturnType<typeof option>[], soldOut: boolean) {
  const item = productFixture({ soldOut, itemOptions });
  mockFetch((method, path) =>
    method === 'GET' && path === '/item/public/7'
      ? jsonResponse(200, item)
      : jsonResponse(404, { message: 'Not found.' }),
  );
  renderRoute('/product/7');
  return screen.findByRole('heading', { level: 1, name: item.name });
}

describe('a sold-out product page (issue 39.27)', () => {
  it("says 'Sold out' and 'Out of Stock' without prompting 'Choose a size.'", async () => {
    // One colour: it starts chosen, as there is nothing to choose.
    await openProduct(
      [option(71, 'RED', 'M', { count: 0 }), option(72, 'RED', 'L', { count: 0 })],
      true,
    );
    expect(screen.getByText('Sold out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByText('Choose a size.')).not.toBeInTheDocument();
  });

  it("still prompts 'Choose a size.' when a size is left", async () => {
    await openProduct([option(71, 'RED', 'M', { count: 0 }), option(72, 'RED', 'L')], false);
    expect(screen.getByText('Choose a size.')).toBeInTheDocument();
  });
});
