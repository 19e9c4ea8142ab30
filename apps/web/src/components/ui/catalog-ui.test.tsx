import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from './pagination';
import { Price } from './price';

describe('pageWindow (spec 4)', () => {
  it.each([
    [1, 1, [1]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 4, 5]],
    [6, 20, [1, 2, 3, 4, 5]],
    [7, 20, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    [12, 20, [7, 8, 9, 10, 11, 12, 13, 14, 15, 16]],
    [16, 20, [16, 17, 18, 19, 20]],
    [20, 20, [16, 17, 18, 19, 20]],
    [7, 9, [5, 6, 7, 8, 9]],
  ])('page %i of %i shows %j', (current, last, expected) => {
    expect(pageWindow(current, last)).toEqual(expected);
  });
});

describe('Pager', () => {
  it('disables First and Previous on page 1, Next and Last on the last page', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pager page={1} pageCount={3} onPageChange={onPageChange} />);
    expect(screen.getByLabelText('First page').closest('li')).toHaveClass('disabled');
    expect(screen.getByLabelText('Previous page').closest('li')).toHaveClass('disabled');
    await userEvent.click(screen.getByLabelText('Next page'));
    expect(onPageChange).toHaveBeenCalledWith(2);
    rerender(<Pager page={3} pageCount={3} onPageChange={onPageChange} />);
    expect(screen.getByLabelText('Next page').closest('li')).toHaveClass('disabled');
    expect(screen.getByLabelText('Last page').closest('li')).toHaveClass('disabled');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pager page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Price', () => {
  it('shows two decimals and the currency', () => {
    render(<Price price={49.9} currency="CAD" />);
    expect(screen.getByText('$49.90 CAD')).toBeInTheDocument();
  });

  it('on sale, shows the reduced price with the original struck through', () => {
    render(<Price price={120} sale={25} currency="USD" />);
    expect(screen.getByText('$90.00 USD')).toBeInTheDocument();
    const original = screen.getByText('$120.00 USD');
    expect(original.tagName).toBe('DEL');
  });
});
