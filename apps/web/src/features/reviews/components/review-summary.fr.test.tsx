import type { ReviewSummary as Summary } from '@marketplace/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInFrench } from '../../../test/render-in-french';
import { ReviewSummary } from './review-summary';

// Issue 39 item 12: the average and the fit bar read French: "4,5", not "4.5" or "RUNS SMALL".

const summary: Summary = {
  itemId: 1,
  count: 2,
  verifiedCount: 2,
  averageRating: 4.5,
  verifiedAverageRating: 4.5,
  averageFit: 2.5,
  fitAdvice: null,
};

describe('the review summary in French', () => {
  it('writes the average with a decimal comma and names the fit bar’s ends in French', async () => {
    await renderInFrench(<ReviewSummary summary={summary} />);
    expect(screen.getByText('4,5')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Note moyenne de 4,5 sur 5' })).toBeInTheDocument();
    expect(screen.getByText('Taille petite')).toBeInTheDocument();
    expect(screen.getByText('Taille grande')).toBeInTheDocument();
    expect(screen.queryByText(/Runs/i)).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Coupe moyenne' })).toHaveAttribute(
      'aria-valuetext',
      '2,5 sur 5, de Taille petite (1) à Taille grande (5)',
    );
  });
});
