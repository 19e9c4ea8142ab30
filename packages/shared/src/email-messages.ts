import { msg } from './i18n/msg';

/**
 * Issue 19: every email the API sends, in the recipient's language. Each message is a whole
 * paragraph (or a whole body) with ICU arguments, so French can order its words freely; the
 * lists of items and taxes are filled in as arguments, written with the locale's money format.
 * Names, addresses, carriers, tracking numbers and links are arguments and stay as they are.
 */
export const EMAIL_MESSAGES = {
  resetSubject: msg('Reset your Local Brands password'),
  resetBody: msg(
    'Hi {firstName},\n\nSomeone asked to reset the password of the account {userName}.\nChoose a new password within the next hour here:\n\n{link}\n\nIf it was not you, ignore this email: your password stays as it is.',
  ),
  emailChangedSubject: msg('Your Local Brands email was changed'),
  emailChangedBody: msg(
    'Hi {firstName},\n\nThe email address of the account {userName} was changed from this address to {newEmail}.\n\nIf this was not you, put your address back within 7 days with this link; it also signs everyone out and lets you choose a new password:\n\n{link}\n\nIf it was you, there is nothing to do.',
  ),

  orderPlacedSubject: msg('Your order {reference} is placed'),
  orderPlacedBody: msg(
    'Hi {firstName},\n\nThank you for shopping local. Your order {reference}:\n\n{items}\n\nShipping: {shipping}\n{taxes}Total: {total}\n\nEach brand ships its own parcel and will let you know when it is on its way.',
  ),
  newOrderSubject: msg('New order {reference} for {storeName}'),
  newOrderBody: msg(
    'Hi {firstName},\n\n{storeName} has a new order ({reference}):\n\n{items}\n\nShipping: {shipping}\n{taxes}Total paid by the buyer: {total}\nThe sales tax is collected and remitted by the marketplace: it is not part of your payout.\n\nAccept or reject each item from your dashboard.',
  ),
  /** One tax of an order's mail ('GST 5 %: $9.45'), the tax's own label kept. */
  taxLine: msg('{label}: {amount}'),

  /** Who a parcel is from when the brand's name is gone. */
  yourBrand: msg('your brand'),
  outForDeliverySubject: msg('Your parcel from {brand} is out for delivery (order {reference})'),
  outForDeliveryBody: msg(
    'Hi {firstName},\n\nYour parcel from {brand} is out for delivery today.\n\nCarrier: {carrier}\nTracking number: {trackingNumber}\n\nYou can follow it in My Orders.',
  ),
  deliveredSubject: msg('Your parcel from {brand} was delivered (order {reference})'),
  deliveredBody: msg(
    'Hi {firstName},\n\nYour parcel from {brand} was delivered. Returns are accepted within 14 days of delivery.\n\nCarrier: {carrier}\nTracking number: {trackingNumber}\n\nYou can follow it in My Orders.',
  ),
  shippedSubject: msg('{storeName} shipped your order {reference}'),
  shippedBody: msg(
    'Hi {firstName},\n\n{storeName} has shipped your parcel:\n\n{items}\n\nCarrier: {carrier}\nTracking number: {trackingNumber}\n\nThank you for shopping local.',
  ),

  rejectedSubject: msg('{storeName} rejected an item of your order {reference}: refunded'),
  refundedSubject: msg('{storeName} refunded your order {reference}'),
  returnRefundedSubject: msg('{storeName} refunded your return from order {reference}'),
  rejectedIntro: msg(
    '{storeName} cannot send this item of your order {reference}, so its amount goes back to you:',
  ),
  refundedIntro: msg('{storeName} has refunded your order {reference}:'),
  returnRefundedIntro: msg(
    '{storeName} received your return from order {reference} and refunded it, tax included:',
  ),
  /** A refund that covers only the shipping lists it as its one line. */
  shippingLine: msg('- Shipping'),
  taxReturnedLine: msg('{label} returned: {amount}'),
  refundBody: msg(
    "Hi {firstName},\n\n{intro}\n\n{items}\n\n{taxes}Refunded: {amount}, to the card you paid with. Refunds take 3 working days to arrive.\n\nYou can see your order's new balance in My Orders.",
  ),

  returnRequestedSubject: msg('Return requested for order {reference}: {reason}'),
  returnRequestedBody: msg(
    "Hi {firstName},\n\n{buyerName} is returning these items of order {reference}:\n\n{items}\n\nReason: {reason}\n\nWhen the parcel arrives, mark it received in your dashboard's Returns tab: the refund of {amount} (tax included) goes to the buyer at once.",
  ),
  returnLabelSubject: msg('Your return label for order {reference}'),
  returnLabelBody: msg(
    'Hi {firstName},\n\nYour return of these items from {storeName} is registered:\n\n{items}\n\n{howToSend}\n\nOnce {storeName} receives it, {amount} (tax included) goes back to your card.',
  ),
  printReturnLabel: msg(
    'Print your prepaid return label ({carrier}, tracking number {trackingNumber}) from My Orders and drop the parcel off.',
  ),
  returnReceivedSubject: msg('{storeName} received your return from order {reference}'),
  returnReceivedIntro: msg(
    'Hi {firstName},\n\n{storeName} has received your return from order {reference}.',
  ),
  brandNoted: msg('The brand noted: {note}'),
  returnReceivedRefund: msg(
    'Its refund of {amount} (tax included) goes to your card; you will get an email when it is sent.',
  ),

  /** The operator's decisions (issue 12), signed by the team. */
  operatorMail: msg('Hi {firstName},\n\n{text}\n\nThe Local Brands team'),
  operatorReason: msg('Reason: {reason}'),
  approvedSubject: msg('{storeName} is approved: your products are live'),
  approvedBody: msg('{storeName} is approved. Your available products are now listed.'),
  suspendedSubject: msg('{storeName} is suspended'),
  suspendedBody: msg(
    '{storeName} is suspended: its products are no longer shown to shoppers. You can still fulfil and refund the orders you have.',
  ),
  declinedSubject: msg('Your application for {storeName} was declined'),
  declinedBody: msg(
    'We reviewed your application for {storeName} and declined it: the store will not open on the marketplace.',
  ),
  reinstatedSubject: msg('{storeName} is reinstated'),
  reinstatedBody: msg('{storeName} is reinstated. Your available products are listed again.'),
  reviewHiddenSubject: msg('Your review of {itemName} is hidden'),
  reviewKeptSubject: msg('Your review of {itemName} stays up'),
  reviewHiddenBody: msg(
    'Your review of {itemName} was reported, and we have hidden it: shoppers no longer see it.',
  ),
  reviewKeptBody: msg('Your review of {itemName} was reported; we looked at it and it stays up.'),
  yourReview: msg('Your review:\n{comment}'),
} as const;
