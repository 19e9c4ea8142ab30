import { REVIEW_MESSAGES } from '@marketplace/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FitBar } from './fit-bar';
import { FitPicker } from './fit-picker';
import { Stars } from './stars';

const marker = () =>
  screen.getByRole('meter', { name: 'Fit' }).querySelector<HTMLElement>('.fit-bar__marker');

describe('FitBar', () => {
  it.each([
    [1, '0%'],
    [2, '25%'],
    [3, '50%'],
    [4, '75%'],
    [5, '100%'],
  ])('a fit of %i puts the marker at %s', (fit, left) => {
    render(<FitBar value={fit} label="Fit" />);
    expect(marker()).toHaveStyle({ left });
    expect(screen.getByRole('meter', { name: 'Fit' })).toHaveAttribute(
      'aria-valuenow',
      String(fit),
    );
  });

  it('places averages between the steps (3.4 is 60 %)', () => {
    render(<FitBar value={3.4} label="Fit" />);
    expect(marker()?.style.left).toBe('60%');
    expect(screen.getByRole('meter', { name: 'Fit' })).toHaveAttribute(
      'aria-valuetext',
      expect.stringMatching(/^3\.4 of 5/),
    );
  });

  it.each([
    [0, '0%', '1'],
    [-3, '0%', '1'],
    [6, '100%', '5'],
    [9, '100%', '5'],
  ])('clamps %i to %s', (fit, left, now) => {
    render(<FitBar value={fit} label="Fit" />);
    expect(marker()).toHaveStyle({ left });
    expect(screen.getByRole('meter', { name: 'Fit' })).toHaveAttribute('aria-valuenow', now);
  });

  it("labels its ends 'Runs Small' and 'Runs Large'", () => {
    render(<FitBar value={3} label="Fit" />);
    expect(screen.getByText(REVIEW_MESSAGES.runsSmall)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.runsLarge)).toBeInTheDocument();
  });
});

function PickerHarness({ initial = 3 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FitPicker value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('FitPicker', () => {
  it("is chosen by clicking: 1 is 'Runs Small', 5 'Runs Large'", async () => {
    const user = userEvent.setup();
    render(<PickerHarness />);
    expect(screen.getByRole('radio', { name: '3: True to size' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: `1: ${REVIEW_MESSAGES.runsSmall}` }));
    expect(screen.getByTestId('value')).toHaveTextContent('1');
    await user.click(screen.getByRole('radio', { name: `5: ${REVIEW_MESSAGES.runsLarge}` }));
    expect(screen.getByTestId('value')).toHaveTextContent('5');
    expect(
      screen.getByRole('group', { name: `Fit: ${REVIEW_MESSAGES.runsLarge}` }),
    ).toBeInTheDocument();
  });

  it('works from the keyboard with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<PickerHarness />);
    screen.getByRole('radio', { name: '3: True to size' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value')).toHaveTextContent('4');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByTestId('value')).toHaveTextContent('2');
  });
});

describe('Stars', () => {
  it('fills the share of five stars given by the value and names it', () => {
    render(<Stars value={4.3} label="Average rating 4.3 out of 5" />);
    const stars = screen.getByRole('img', { name: 'Average rating 4.3 out of 5' });
    expect(stars.querySelector<HTMLElement>('.review-stars__filled')?.style.width).toBe('86%');
    expect(stars).toHaveTextContent('★★★★★★★★★★');
  });
});
