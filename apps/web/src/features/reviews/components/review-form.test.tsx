import { EMPTY_REVIEW_FORM, REVIEW_MESSAGES } from '@marketplace/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, renderRoute, validToken } from '../../../test/render';
import { ITEM_ID, makeReview } from '../testing/reviews-api';
import { ReviewForm } from './review-form';

function renderForm(answer: () => Response | Promise<Response>) {
  setSession(validToken('alice'), 'alice');
  const fetchMock = mockFetch((method) => (method === 'GET' ? jsonResponse(200, []) : answer()));
  const utils = renderRoute('/', {
    routes: [{ path: '/', element: <ReviewForm itemId={ITEM_ID} /> }],
  });
  return { ...utils, fetchMock };
}

describe('ReviewForm', () => {
  it('is noValidate, with the placeholder and a 2000-character comment', () => {
    renderForm(() => jsonResponse(201, makeReview()));
    const form = screen.getByRole('form', { name: 'Write a review' });
    expect(form).toHaveAttribute('novalidate');
    const comment = screen.getByLabelText('Your review');
    expect(comment).toHaveAttribute('placeholder', REVIEW_MESSAGES.placeholder);
    expect(comment).toHaveAttribute('maxlength', '2000');
  });

  it('disables the button while submitting, then resets to rating 0, fit 3 and no comment', async () => {
    let release: () => void = () => {};
    const { user } = renderForm(
      () =>
        new Promise((resolve) => {
          release = () => resolve(jsonResponse(201, { ...makeReview(), mine: true }));
        }),
    );
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('radio', { name: '1: Runs Small' }));
    await user.type(screen.getByLabelText('Your review'), 'Runs small, size up.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    release();

    expect(await screen.findByText(REVIEW_MESSAGES.submitted)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your review')).toHaveValue(''));
    for (const star of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      expect(screen.getByRole('radio', { name: star })).not.toBeChecked();
    expect(
      screen.getByRole('radio', { name: `${EMPTY_REVIEW_FORM.fitScore}: True to size` }),
    ).toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });

  it('stars work from the keyboard', async () => {
    const { user } = renderForm(() => jsonResponse(201, makeReview()));
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Rating: 3 of 5' })).toBeInTheDocument();
  });
});
