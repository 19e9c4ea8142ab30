import { DEFAULT_FIT_SCORE, FIT_ADVICE, REVIEW_MESSAGES, fitBarPercent } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { renderRoute, requestBody, validToken } from '../../../test/render';
import { fakeReviewsApi, ITEM_ID, makeReview, makeProduct } from '../testing/reviews-api';
import { BE_THE_FIRST, LOADING_FORM, LOG_IN_TO_REVIEW } from './customer-reviews';

type User = ReturnType<typeof renderRoute>['user'];

const section = () => screen.getByRole('region', { name: REVIEW_MESSAGES.title });
const reviewForm = () => screen.queryByRole('form', { name: /review/i });
const list = () => screen.getByRole('list', { name: 'Reviews' });
const authors = () =>
  within(list())
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label'));

async function openPage(api: Parameters<typeof fakeReviewsApi>[0] = {}, userName?: string) {
  if (userName) setSession(validToken(userName), userName);
  const fake = fakeReviewsApi(api);
  const utils = renderRoute(`/product/${ITEM_ID}`);
  await screen.findByRole('heading', { level: 2, name: REVIEW_MESSAGES.title });
  await waitFor(() =>
    expect(within(section()).queryByText('Loading reviews…')).not.toBeInTheDocument(),
  );
  // The form is a chunk of its own.
  await waitFor(() => expect(screen.queryByText(LOADING_FORM)).not.toBeInTheDocument());
  return { ...utils, ...fake };
}

async function fillForm(
  user: User,
  { stars, fit, comment }: { stars?: number; fit?: number; comment?: string },
) {
  if (stars)
    await user.click(
      screen.getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars` }),
    );
  if (fit) await user.click(screen.getByRole('radio', { name: new RegExp(`^${fit}:`) }));
  if (comment !== undefined) {
    const box = screen.getByPlaceholderText(REVIEW_MESSAGES.placeholder);
    await user.clear(box);
    if (comment) await user.type(box, comment);
  }
}

async function openOptions(user: User, name = 'Review options') {
  await user.click(screen.getByRole('button', { name }));
}

const alice = makeReview({
  reviewId: 1,
  userName: 'alice',
  displayName: 'Alice N.',
  rating: 1,
  fitScore: 2,
  comment: 'Too tight for me.',
});
const bob = makeReview({
  reviewId: 2,
  userName: 'bob',
  displayName: 'Bob K.',
  rating: 5,
  comment: 'Perfect.',
  verifiedPurchase: true,
});
const cy = makeReview({
  reviewId: 3,
  userName: 'cy',
  displayName: 'Cy P.',
  rating: 3,
  comment: 'Fine.',
});

describe('Customer Reviews: reading', () => {
  it("says 'No reviews yet' instead of 0.0 stars for an unreviewed product (issue 13)", async () => {
    await openPage({ reviews: [] });
    expect(within(section()).getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Average rating/ })).not.toBeInTheDocument();
    expect(within(section()).queryByText('0.0')).not.toBeInTheDocument();
  });

  it('shows the average rating, count and average fit from the summary', async () => {
    await openPage({ reviews: [bob, cy] });
    expect(screen.getByRole('img', { name: 'Average rating 4.0 out of 5' })).toBeInTheDocument();
    expect(within(section()).getByText('Based on 2 reviews')).toBeInTheDocument();
    const averageFit = screen.getByRole('meter', { name: 'Average fit' });
    expect(averageFit).toHaveAttribute('aria-valuenow', '3');
    expect(averageFit.querySelector('.fit-bar__marker')).toHaveStyle({ left: '50%' });
  });

  // Issue 38, finding 12: what search engines are shown counts verified purchases only; the page
  // says beside its average how many of the reviews are.
  it('says beside the average how many reviews are verified purchases', async () => {
    await openPage({ reviews: [bob, cy, alice] });
    const summary = within(section()).getByText('Based on 3 reviews').closest('div')!;
    expect(within(summary).getByText('1 verified purchase')).toBeInTheDocument();
  });

  it('says when none of the reviews is a verified purchase', async () => {
    await openPage({ reviews: [cy, alice] });
    expect(within(section()).getByText('No verified purchases')).toBeInTheDocument();
  });

  it('each review shows stars, name, date, fit bar, comment as text and the verified mark', async () => {
    const html = makeReview({
      reviewId: 4,
      userName: 'dee',
      displayName: 'Dee R.',
      comment: '<b>bold</b> & <img src=x onerror=alert(1)>',
    });
    await openPage({ reviews: [bob, html] });
    const bobs = screen.getByRole('article', { name: 'Review by Bob K.' });
    expect(within(bobs).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(bobs).getByText('Nov 22, 2026')).toHaveAttribute('datetime', bob.createdAt);
    expect(within(bobs).getByRole('meter', { name: 'Fit' })).toHaveAttribute('aria-valuenow', '3');
    expect(within(bobs).getByText('Perfect.')).toBeInTheDocument();
    expect(within(bobs).getByText(/Verified purchase/)).toBeInTheDocument();
    const dees = screen.getByRole('article', { name: 'Review by Dee R.' });
    expect(within(dees).queryByText(/Verified purchase/)).toBeNull();
    expect(screen.getByText('<b>bold</b> & <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(section().querySelector('b, img')).toBeNull();
  });

  it('orders by rating, higher ratings later', async () => {
    await openPage({ reviews: [bob, cy, alice] });
    expect(authors()).toEqual(['Review by Alice N.', 'Review by Cy P.', 'Review by Bob K.']);
  });

  it('a logged-out visitor reads reviews and is invited to log in instead of a form', async () => {
    await openPage({ reviews: [bob, alice] });
    expect(screen.getByText('Perfect.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LOG_IN_TO_REVIEW })).toHaveAttribute('href', '/login');
    expect(reviewForm()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review options' })).not.toBeInTheDocument();
  });

  it("'Could not fetch reviews' on the page and as a toast when the list fails", async () => {
    await openPage({ fail: { list: 500 } }, 'alice');
    await waitFor(() => expect(screen.getAllByText(REVIEW_MESSAGES.fetchFailed)).toHaveLength(2));
    expect(reviewForm()).not.toBeInTheDocument();
  });

  it('shows the fit advice next to the size selector when the summary has it', async () => {
    await openPage({
      reviews: [
        makeReview({ reviewId: 1, userName: 'a', fitScore: 1, verifiedPurchase: true }),
        makeReview({ reviewId: 2, userName: 'b', fitScore: 2, verifiedPurchase: true }),
        makeReview({ reviewId: 3, userName: 'c', fitScore: 2, verifiedPurchase: true }),
      ],
    });
    const sizes = screen.getByRole('group', { name: /^Size/ });
    expect(await within(sizes).findByText(FIT_ADVICE.small)).toBeInTheDocument();
  });

  it('shows no fit advice with fewer than three reviews', async () => {
    await openPage({ reviews: [bob] });
    const sizes = screen.getByRole('group', { name: /^Size/ });
    expect(within(sizes).queryByText(FIT_ADVICE.trueToSize)).not.toBeInTheDocument();
  });
});

describe('Customer Reviews: form modes', () => {
  it('a brand sees no form on its own product, and why', async () => {
    await openPage({ reviews: [], viewerStoreName: makeProduct().store }, 'alice');
    expect(await screen.findByText(REVIEW_MESSAGES.ownProduct)).toBeInTheDocument();
    expect(reviewForm()).toBeNull();
  });

  it('shows the empty form when the user has no review', async () => {
    await openPage({ reviews: [] }, 'alice');
    expect(reviewForm()).toBeInTheDocument();
    expect(screen.getByText(BE_THE_FIRST)).toBeInTheDocument();
    expect(screen.getByPlaceholderText(REVIEW_MESSAGES.placeholder)).toHaveValue('');
    for (const star of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      expect(screen.getByRole('radio', { name: star })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: `${DEFAULT_FIT_SCORE}: True to size` })).toBeChecked();
    expect(screen.getByRole('radio', { name: '1: Runs Small' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5: Runs Large' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Review' })).toBeEnabled();
  });

  it('hides the form when the user already has a review, and lists it first even rated lowest', async () => {
    await openPage({ reviews: [bob, cy, alice] }, 'Alice');
    expect(reviewForm()).not.toBeInTheDocument();
    expect(authors()[0]).toBe('Review by Alice N.');
    const options = screen.getAllByRole('button', { name: 'Review options' });
    expect(options).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Review by Alice N.' })).getByRole('button', {
        name: 'Review options',
      }),
    ).toBe(options[0]);
  });

  it('own review first although the comparator would put it last', async () => {
    const top = makeReview({ ...alice, rating: 5, createdAt: '2025-01-01T12:00:00.000Z' });
    await openPage({ reviews: [bob, cy, top] }, 'alice');
    expect(authors()).toEqual(['Review by Alice N.', 'Review by Cy P.', 'Review by Bob K.']);
  });

  it('others see no review options', async () => {
    await openPage({ reviews: [bob, alice] }, 'cy');
    expect(screen.queryByRole('button', { name: 'Review options' })).not.toBeInTheDocument();
    expect(reviewForm()).toBeInTheDocument();
  });

  it("lets a signed-in shopper report someone else's review with a reason, once (issue 17)", async () => {
    const { user, fetchMock } = await openPage({ reviews: [bob, alice] }, 'alice');
    expect(screen.queryByRole('button', { name: 'Report the review by Alice N.' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report the review by Bob K.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report review' });
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam.');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you: the review will be looked at.')).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', `/item-review/${bob.reviewId}/report`)).toEqual({
      reason: 'Spam.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Report the review by Bob K.' }));
    const again = await screen.findByRole('dialog', { name: 'Report review' });
    await user.type(within(again).getByLabelText('Reason'), 'Spam again.');
    await user.click(within(again).getByRole('button', { name: 'Report' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(
      'You have already reported this review.',
    );
  });

  it('a signed-out visitor sees no Report button', async () => {
    await openPage({ reviews: [bob] });
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it("submits {itemId, rating, fitScore, comment}, says 'Review submitted' and reloads", async () => {
    const { user, fetchMock, gets, listPath, summaryPath } = await openPage(
      { reviews: [bob] },
      'alice',
    );
    const listLoads = gets(listPath);
    const summaryLoads = gets(summaryPath);
    await fillForm(user, { stars: 2, fit: 5, comment: 'Size up.' });
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(REVIEW_MESSAGES.submitted)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'POST', '/item-review')).toEqual({
      itemId: ITEM_ID,
      rating: 2,
      fitScore: 5,
      comment: 'Size up.',
    });
    await waitFor(() => expect(gets(listPath)).toBe(listLoads + 1));
    await waitFor(() => expect(gets(summaryPath)).toBe(summaryLoads + 1));
    // The user now has a review: it leads the list and the form is gone.
    expect(authors()).toEqual(['Review by Alice N.', 'Review by Bob K.']);
    expect(reviewForm()).not.toBeInTheDocument();
    expect(within(section()).getByText('Based on 2 reviews')).toBeInTheDocument();
  });

  it('0 stars shows the rating message and an empty comment its message, without a request', async () => {
    const { user, requests } = await openPage({ reviews: [] }, 'alice');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.ratingRequired)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MESSAGES.commentRequired)).toBeInTheDocument();
    expect(requests('POST')).toHaveLength(0);

    await fillForm(user, { stars: 4, comment: '   ' });
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(screen.queryByText(REVIEW_MESSAGES.ratingRequired)).not.toBeInTheDocument(),
    );
    expect(screen.getByText(REVIEW_MESSAGES.commentRequired)).toBeInTheDocument();
    expect(requests('POST')).toHaveLength(0);
  });

  it("a failed submit says 'Failed to submit review' and keeps what was typed", async () => {
    const { user } = await openPage({ reviews: [], fail: { create: 500 } }, 'alice');
    await fillForm(user, { stars: 4, comment: 'Nice.' });
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(screen.getAllByText(REVIEW_MESSAGES.submitFailed)).toHaveLength(2));
    expect(screen.getByPlaceholderText(REVIEW_MESSAGES.placeholder)).toHaveValue('Nice.');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it("a 409 shows the server's reason inline and the spec's toast", async () => {
    const { user } = await openPage(
      {
        reviews: [],
        fail: {
          create: () =>
            new Response(JSON.stringify({ message: REVIEW_MESSAGES.alreadyReviewed }), {
              status: 409,
              headers: { 'content-type': 'application/json' },
            }),
        },
      },
      'alice',
    );
    await fillForm(user, { stars: 4, comment: 'Nice.' });
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.alreadyReviewed)).toBeInTheDocument();
    expect(await screen.findByText(REVIEW_MESSAGES.submitFailed)).toBeInTheDocument();
  });

  it('a 429 shows the day’s review limit inline', async () => {
    const { user } = await openPage(
      {
        reviews: [],
        fail: {
          create: () =>
            new Response(JSON.stringify({ message: REVIEW_MESSAGES.newAccountDailyLimit }), {
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': '3600' },
            }),
        },
      },
      'alice',
    );
    await fillForm(user, { stars: 4, comment: 'Nice.' });
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.newAccountDailyLimit)).toBeInTheDocument();
    expect(screen.getByPlaceholderText(REVIEW_MESSAGES.placeholder)).toHaveValue('Nice.');
  });

  it("Edit shows the form prefilled with 'Update Review'; Cancel closes it", async () => {
    const { user } = await openPage({ reviews: [bob, alice] }, 'alice');
    await openOptions(user);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(reviewForm()).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2: Slightly small' })).toBeChecked();
    expect(screen.getByPlaceholderText(REVIEW_MESSAGES.placeholder)).toHaveValue(
      'Too tight for me.',
    );
    expect(screen.getByRole('button', { name: REVIEW_MESSAGES.update })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reviewForm()).not.toBeInTheDocument();
  });

  it("Update sends PUT with the reviewId and says 'Review updated'", async () => {
    const { user, fetchMock, gets, listPath } = await openPage({ reviews: [bob, alice] }, 'alice');
    const listLoads = gets(listPath);
    await openOptions(user);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await fillForm(user, { stars: 3, fit: 3, comment: 'Better after a wash.' });
    await user.click(screen.getByRole('button', { name: REVIEW_MESSAGES.update }));

    expect(await screen.findByText(REVIEW_MESSAGES.updated)).toBeInTheDocument();
    expect(requestBody(fetchMock, 'PUT', '/item-review')).toEqual({
      reviewId: 1,
      rating: 3,
      fitScore: 3,
      comment: 'Better after a wash.',
    });
    await waitFor(() => expect(gets(listPath)).toBe(listLoads + 1));
    expect(reviewForm()).not.toBeInTheDocument();
    expect(screen.getByText('Better after a wash.')).toBeInTheDocument();
  });

  it("a failed update says 'Failed to submit review' and stays in edit mode", async () => {
    const { user } = await openPage({ reviews: [alice], fail: { update: 500 } }, 'alice');
    await openOptions(user);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: REVIEW_MESSAGES.update }));
    await waitFor(() => expect(screen.getAllByText(REVIEW_MESSAGES.submitFailed)).toHaveLength(2));
    expect(screen.getByRole('button', { name: REVIEW_MESSAGES.update })).toBeInTheDocument();
  });

  it("Delete asks first, then says 'Review deleted' and brings back the empty form", async () => {
    const { user, requests } = await openPage({ reviews: [bob, alice] }, 'alice');
    await openOptions(user);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete review' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests('DELETE')).toHaveLength(0);

    await openOptions(user);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText(REVIEW_MESSAGES.deleted)).toBeInTheDocument();
    expect(String(requests('DELETE')[0]?.[0])).toMatch(/\/api\/item-review\/1$/);
    await waitFor(() => expect(reviewForm()).toBeInTheDocument());
    expect(screen.queryByText('Too tight for me.')).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText(REVIEW_MESSAGES.placeholder)).toHaveValue('');
    expect(screen.getByRole('radio', { name: '1 star' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '3: True to size' })).toBeChecked();
  });

  it("a failed delete says 'Failed to delete review' and keeps the review", async () => {
    const { user } = await openPage({ reviews: [alice], fail: { delete: 500 } }, 'alice');
    await openOptions(user);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.getAllByText(REVIEW_MESSAGES.deleteFailed)).toHaveLength(2));
    expect(screen.getByText('Too tight for me.')).toBeInTheDocument();
  });
});

describe('Customer Reviews: average fit bar', () => {
  it.each([
    [1, 0],
    [2.2, 30],
    [5, 100],
  ])('an average fit of %s puts the marker at %s %%', async (averageFit, percent) => {
    await openPage({
      reviews: [bob],
      summary: {
        itemId: ITEM_ID,
        count: 1,
        verifiedCount: 0,
        averageRating: 5,
        verifiedAverageRating: 0,
        averageFit,
        fitAdvice: null,
      },
    });
    expect(fitBarPercent(averageFit)).toBeCloseTo(percent);
    const marker = screen
      .getByRole('meter', { name: 'Average fit' })
      .querySelector('.fit-bar__marker');
    expect((marker as HTMLElement).style.left).toBe(`${fitBarPercent(averageFit)}%`);
  });
});
