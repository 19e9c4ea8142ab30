import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Thumbnail } from './thumbnail';

const image = () => screen.getByRole('img', { name: 'Selvedge Jacket' });

describe('Thumbnail', () => {
  it('sets its width and height (3:4), so its box is reserved before it loads', () => {
    render(<Thumbnail src="/uploads/a-400.webp" alt="Selvedge Jacket" />);
    expect(image()).toHaveAttribute('width', '400');
    expect(image()).toHaveAttribute('height', '533');
    expect(image()).toHaveAttribute('src', '/uploads/a-400.webp');
  });

  it('loads lazily by default, without a fetch priority', () => {
    render(<Thumbnail src="/uploads/a-400.webp" alt="Selvedge Jacket" />);
    expect(image()).toHaveAttribute('loading', 'lazy');
    expect(image()).not.toHaveAttribute('fetchpriority');
  });

  it('loads at once when in view, and first of all when it is the largest paint', () => {
    const { rerender } = render(
      <Thumbnail src="/uploads/a-400.webp" alt="Selvedge Jacket" priority="eager" />,
    );
    expect(image()).toHaveAttribute('loading', 'eager');
    expect(image()).not.toHaveAttribute('fetchpriority');
    rerender(<Thumbnail src="/uploads/a-400.webp" alt="Selvedge Jacket" priority="high" />);
    expect(image()).toHaveAttribute('loading', 'eager');
    expect(image()).toHaveAttribute('fetchpriority', 'high');
  });
});
