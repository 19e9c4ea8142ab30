import type { FastifyInstance } from 'fastify';

/**
 * One run of the reconcile sweep: repairs what a crash or a lost provider answer left half done
 * (a payment never placed, a refund never settled), gives lapsed checkouts' stock back, sends
 * again refunds of received returns that did not go through (issue 16 item 4), and assumes
 * delivered the parcels shipped ASSUME_DELIVERED_AFTER_DAYS ago with no delivery event.
 */
export async function reconcileAll(app: FastifyInstance): Promise<void> {
  const orders = await app.services.checkout.reconcile();
  const refunds = await app.services.storeOrders.reconcile();
  const returns = await app.services.returns.retryRefunds();
  const delivered = await app.services.fulfilment.assumeDeliveries();
  // What it changed shows in kept pages (a delivery makes a review "verified"); a run that
  // changed nothing, most of them, leaves the pages trusted.
  const changed =
    orders.placed +
    orders.lapsed +
    refunds.succeeded +
    refunds.failed +
    returns.refunded +
    delivered;
  if (changed > 0) app.pageDataChanged();
}
