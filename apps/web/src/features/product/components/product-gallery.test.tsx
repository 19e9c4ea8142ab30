import { render, screen, waitFor, within } from '@testing-library/react';
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
    // No arrows, no strip: only the full-screen view's button (issue 39.30).
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'View image 1 of 1 full screen',
    ]);
  });
});

// Issue 39.30: a zoom / full-screen view, by keyboard too.
describe('product gallery: the full-screen view', () => {
  it('opens from a named button, changes image with the arrows, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={images} name="Coat" />);
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    const open = screen.getByRole('button', { name: 'View image 2 of 3 full screen' });
    open.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Coat, full screen' });
    const zoomed = () => within(dialog).getByRole('img');
    expect(zoomed()).toHaveAttribute('src', '/a.webp');
    expect(zoomed()).toHaveAttribute('alt', 'Coat, image 2 of 3');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await user.keyboard('{ArrowRight}');
    expect(zoomed()).toHaveAttribute('src', '/b.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(zoomed()).toHaveAttribute('src', '/t.webp');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The page's gallery shows where the shopper left off, and focus is back on the button.
    expect(main()).toHaveAttribute('src', '/t.webp');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'View image 1 of 3 full screen' })).toHaveFocus(),
    );
  });

  it('closes with its Close button too', async () => {
    const user = userEvent.setup();
    render(<ProductGallery images={['/only.webp']} name="Scarf" />);
    await user.click(screen.getByRole('button', { name: 'View image 1 of 1 full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scarf, full screen' });
    await user.click(within(dialog).getByRole('button', { name: 'Close full-screen view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
