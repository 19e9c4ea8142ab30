import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInFrench } from '../../../test/render-in-french';
import { asAnswered, makeReview } from '../testing/reviews-api';
import { ReportReviewDialog } from './report-review-dialog';

// Issue 19: the report dialog's reason rule speaks the page's language.

describe('the report dialog in French', () => {
  it('asks for a reason in French', async () => {
    const { user } = await renderInFrench(
      <ReportReviewDialog review={asAnswered(makeReview())} onClose={() => {}} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Signaler l’avis' }));
    await user.click(dialog.getByRole('button', { name: 'Signaler' }));
    expect(await dialog.findByText('Indiquez une raison.')).toBeVisible();
    expect(dialog.queryByText('Give a reason.')).toBeNull();
  });

  it('says which characters to remove in French', async () => {
    const { user } = await renderInFrench(
      <ReportReviewDialog review={asAnswered(makeReview())} onClose={() => {}} />,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Signaler l’avis' }));
    await user.type(dialog.getByRole('textbox'), 'Spam\u200b');
    await user.click(dialog.getByRole('button', { name: 'Signaler' }));
    expect(
      await dialog.findByText('Raison : retirez les caractères invisibles ou de contrôle.'),
    ).toBeVisible();
  });
});
