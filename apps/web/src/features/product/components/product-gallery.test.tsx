import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductGallery } from './product-gallery';

const images = ['/t.webp', '/a.webp', '/b.webp'];
const main = () => screen.getByAltText(/^Coat, image/);

describe('product gallery', () => {
  it('the arrows cycle through the images and wrap around at both ends', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Coat" />);
    expect(main()).toHaveAttribute('src', '/t.webp');
    expect(main()).toHaveAttribute('alt', 'Coat, image 1 of 3');
    expect(main()).toHaveAttribute('width');
    expect(main()).toHaveAttribute('height');

    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(main()).toHaveAttribute('src', '/b.webp');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(main()).toHaveAttribute('src', '/t.webp');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(main()).toHaveAttribute('src', '/b.webp');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(main()).toHaveAttribute('src', '/t.webp');
  });

  it('a thumbnail shows its image; the arrow keys work too', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Coat" />);
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(main()).toHaveAttribute('src', '/a.webp');
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await user.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', '/b.webp');
    await user.keyboard('{ArrowRight}');
    expect(main()).toHaveAttribute('src', '/t.webp');
    await user.keyboard('{ArrowLeft}');
    expect(main()).toHaveAttribute('src', '/b.webp');
  });

  it('a single image shows without arrows or strip', () => {
    render(<ProductGallery images={['/t.webp']} name="Coat" />);
    expect(main()).toHaveAttribute('src', '/t.webp');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
