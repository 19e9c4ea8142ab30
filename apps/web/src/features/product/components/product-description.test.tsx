import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OptionSelector } from './option-selector';
import { ProductDescription } from './product-description';

describe('product page: description, materials and care (issue 13 item 11)', () => {
  it('shows each text under its heading, paragraphs as paragraphs, markup as text', () => {
    render(
      <ProductDescription
        item={{
          description: 'Cut from heavy twill.\n\n<b>Raw</b> hem,\nleft to fray.',
          materials: '100% cotton',
          care: '',
        }}
      />,
    );
    const description = screen.getByRole('region', { name: 'Description' });
    const paragraphs = within(description)
      .getAllByText(/./, { selector: 'p' })
      .map((p) => p.textContent);
    expect(paragraphs).toEqual(['Cut from heavy twill.', '<b>Raw</b> hem,\nleft to fray.']);
    expect(within(screen.getByRole('region', { name: 'Materials' })).getByText('100% cotton'));
    // Care was left empty: no heading with nothing under it.
    expect(screen.queryByRole('heading', { name: 'Care' })).not.toBeInTheDocument();
  });

  it('shows nothing when the seller wrote none', () => {
    const { container } = render(
      <ProductDescription item={{ description: '', materials: '  ', care: '' }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('product page: colours and sizes read as names (issue 13 item 12)', () => {
  it('names colours and sizes, with each colour’s swatch', () => {
    const option = (id: number, color: string, size: string) => ({
      id,
      color,
      size,
      price: 0,
      sale: 0,
      count: 3,
      isAvailable: true,
    });
    render(
      <OptionSelector
        options={[option(1, 'NAVY', '32'), option(2, 'MULTI', '34'), option(3, 'NAVY', '9.5')]}
        color={null}
        size={null}
        onChange={() => undefined}
      />,
    );
    const navy = screen.getByRole('button', { name: 'Navy' });
    expect(navy.querySelector('.option-button__swatch')).toHaveStyle({ background: '#1f2a44' });
    expect(screen.getByRole('button', { name: 'Multi' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Navy',
      'Multi',
      'W32',
      'W34',
      'US 9.5',
    ]);
  });
});
