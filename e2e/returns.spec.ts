import { expect, test } from '@playwright/test';
import { formatMoney } from '../packages/shared/src/money/money';
import { buyThroughApi, demoAccountPage, demoOption, signUpAndLogIn } from './helpers';
import { expectMail } from './mails';

const HARBOUR_KNITS_EMAIL = 'owner@harbourknits.example.com';

/**
 * Issue 16's whole physical loop: an order from two brands; one ships with the site's label and
 * its simulated tracker delivers it; the buyer returns an item because it runs small and prints
 * the prepaid label; the brand marks it received and the refund, tax included, goes out at once.
 */
test('a delivered item is returned with a prepaid label and refunded with its tax on receipt (issue 16)', async ({
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const buyerName = await signUpAndLogIn(buyer, 'rhea');
  const buyerEmail = `${buyerName}@example.com`;
  const cardigan = await demoOption(buyer.request, 'Alpaca Cardigan', 'RED', 'M');
  const overcoat = await demoOption(buyer.request, 'Wool Overcoat', 'BLACK', 'L');
  // Two verified reviews' fit votes: one vote short of the fit advice.
  const fitBefore = await (
    await buyer.request.get(`/api/item-review/item/${cardigan.itemId}/summary`)
  ).json();
  expect(fitBefore.fitAdvice).toBeNull();

  const reference = await buyThroughApi(buyer, [cardigan, overcoat], {
    fullName: 'Rhea Returner',
    streetAddress: '1055 West Georgia Street',
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'V6E 3P3',
  });

  // Harbour Knits accepts, ships with the site's label and the tracker delivers the parcel.
  const seller = await demoAccountPage(browser, 'harbour-knits');
  await seller.goto('/admin');
  await seller.getByRole('button', { name: new RegExp(`Order #${reference}`) }).click();
  const items = seller.getByRole('region', { name: `Items in order ${reference}` });
  await expect(items).not.toContainText('Wool Overcoat'); // the other brand's
  await items.getByRole('button', { name: 'Accept Alpaca Cardigan (M, Red)' }).click();
  await expect(seller.getByText('Order item marked as accepted.')).toBeVisible();
  await seller.getByRole('button', { name: `Ship order ${reference}` }).click();
  await seller
    .getByRole('dialog', { name: 'Ship order' })
    .getByRole('button', { name: 'Ship', exact: true })
    .click();
  await expect(seller.getByText('Order marked as shipped.')).toBeVisible();
  const advance = seller.getByRole('button', {
    name: `Simulate scan for order ${reference}`,
  });
  // Label created, in transit, out for delivery, delivered.
  for (let step = 0; step < 4; step += 1) {
    await advance.click();
    await expect(seller.getByText('Tracker advanced.').last()).toBeVisible();
  }
  await expect(advance).toHaveCount(0);
  await expect(seller.getByRole('row', { name: new RegExp(`^Order #${reference}`) })).toContainText(
    'Delivered',
  );
  await expectMail(buyerEmail, /Your parcel from Harbour Knits is out for delivery/);
  await expectMail(buyerEmail, /Your parcel from Harbour Knits was delivered/);

  // The buyer returns the cardigan: it runs small.
  await buyer.goto('/user');
  await buyer.getByRole('button', { name: new RegExp(reference) }).click();
  const returns = buyer.getByRole('region', { name: `Returns of order ${reference}` });
  await returns.getByRole('button', { name: 'Return items' }).click();
  const form = buyer.getByRole('form', { name: 'Return items from Harbour Knits' });
  await form.getByLabel(/Alpaca Cardigan \(M, Red\)/).check();
  await form.getByLabel('Reason').selectOption({ label: 'Doesn’t fit — runs small' });
  await form.getByRole('button', { name: 'Request return' }).click();
  const requested = returns.getByRole('list', { name: 'Your returns' }).getByRole('listitem');
  await expect(requested).toContainText('Return requested');
  await expect(requested).toContainText('Doesn’t fit — runs small');
  // The cardigan's price and exactly the tax charged on it (BC: GST 5% and PST 7%).
  const refundLine = await requested.locator('.order-return__refund').innerText();
  const [, total, tax] = /^Refund on receipt: \$([\d,]+\.\d\d).*\(tax \$([\d,]+\.\d\d)/
    .exec(refundLine)!
    .map((n) => Number(n.replace(/,/g, '')));
  const netCents = Math.round((total! - tax!) * 100);
  // Each tax rounded half-up to the cent on its own (decision 014).
  const [gst, pst] = [5, 7].map((percent) => Math.round((netCents * percent) / 100));
  expect(Math.round(tax! * 100)).toBe(gst! + pst!);

  // The prepaid label opens as a PDF in a window of its own.
  const popup = buyer.waitForEvent('popup');
  await requested.getByRole('button', { name: 'Print return label' }).click();
  const labelWindow = await popup;
  await expect.poll(() => labelWindow.url()).toMatch(/^blob:/);
  await expectMail(buyerEmail, new RegExp(`Your return label for order ${reference}`));
  const request = await expectMail(
    HARBOUR_KNITS_EMAIL,
    new RegExp(`Return requested for order ${reference}: Doesn’t fit — runs small`),
  );
  expect(request.text).toContain('Alpaca Cardigan');

  // Harbour Knits receives it: asked first, naming the refund (issue 39.2), it goes out at once.
  await seller.goto('/admin?tab=returns');
  const sellerReturn = seller
    .getByRole('list', { name: 'Returns' })
    .getByRole('listitem')
    .filter({ hasText: `#${reference}` });
  await sellerReturn.getByRole('button', { name: 'Mark received' }).click();
  const refundWords = `${formatMoney(total!, 'CAD')} (tax ${formatMoney(tax!, 'CAD')})`;
  let confirm = seller.getByRole('dialog', { name: 'Receive the return' });
  await expect(confirm).toContainText(
    `Mark the return of order #${reference} received? ${refundWords} is refunded to`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(sellerReturn.getByRole('button', { name: 'Mark received' })).toBeEnabled();
  await sellerReturn.getByRole('button', { name: 'Mark received' }).click();
  confirm = seller.getByRole('dialog', { name: 'Receive the return' });
  await confirm
    .getByRole('button', { name: `Receive and refund ${formatMoney(total!, 'CAD')}` })
    .click();
  await expect(seller.getByText('Return marked as received.')).toBeVisible();
  await expect(sellerReturn.getByRole('button', { name: 'Mark received' })).toHaveCount(0);

  await buyer.reload();
  await buyer.getByRole('button', { name: new RegExp(reference) }).click();
  const refunded = buyer
    .getByRole('region', { name: `Returns of order ${reference}` })
    .getByRole('list', { name: 'Your returns' })
    .getByRole('listitem');
  await expect(refunded).toContainText('Refunded');
  // Refunded: the label is of no use any more (issue 39 item 29).
  await expect(refunded.getByRole('button', { name: 'Print return label' })).toHaveCount(0);
  await expect(refunded.locator('.order-return__refund')).toHaveText(
    refundLine.replace(/^Refund on receipt: /, 'Refunded '),
  );
  await expectMail(
    buyerEmail,
    new RegExp(`Harbour Knits received your return from order ${reference}`),
  );
  const refundMail = await expectMail(
    buyerEmail,
    new RegExp(`Harbour Knits refunded your return from order ${reference}`),
  );
  expect(refundMail.text).toMatch(/Refunded: \$[\d.,]+/);

  // The return's "runs small" counts as a third fit vote: the cardigan now has fit advice.
  const fitAfter = await (
    await buyer.request.get(`/api/item-review/item/${cardigan.itemId}/summary`)
  ).json();
  expect(fitAfter.fitAdvice).not.toBeNull();
  await buyer.goto(`/product/${cardigan.itemId}`);
  await expect(buyer.getByRole('group', { name: 'Size', exact: true })).toContainText(
    fitAfter.fitAdvice,
  );

  await buyerContext.close();
  await seller.context().close();
});
