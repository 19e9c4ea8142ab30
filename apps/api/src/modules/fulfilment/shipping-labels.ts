import {
  Conflict,
  STORE_ORDER_MESSAGES as M,
  STORE_MESSAGES,
  orderReference,
  type Currency,
  type Locale,
} from '@marketplace/shared';
import { ShippingProviderError } from '../../providers/shipping/shipping-provider-error';
import type { PurchasedLabel, ShippingProvider } from '../../providers/shipping/shipping-provider';
import type { ItemsService } from '../items/items.service';
import type {
  ItemRow,
  LockedStoreOrder,
  ParcelLabels,
  PreparedLabel,
  StoreOrderWriter,
} from '../store-orders/store-orders.service';
import type { OwnedStore, StoresService } from '../stores/stores.service';

interface ShippingLabelsDeps {
  shipping: ShippingProvider;
  stores: StoresService;
  items: ItemsService;
  now?: () => Date;
}

/**
 * A parcel's label through the shipping provider (issue 16): the rate of the order's shipping
 * method, bought once. Built before the store orders, which buy a label when a parcel ships.
 */
export class ShippingLabels implements ParcelLabels {
  private readonly now: () => Date;

  constructor(private readonly deps: ShippingLabelsDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** The store's ship-from address (409 later without one) and the parcel's weight. */
  async prepare(store: OwnedStore, items: ItemRow[], locale?: Locale): Promise<PreparedLabel> {
    const { stores, items: catalog } = this.deps;
    const { shipFrom } = await stores.addressesOf(store.id);
    const shipped = items.filter(
      (i) => i.status !== 'REFUNDED' && i.status !== 'REJECTED_REFUND_IN_PROGRESS',
    );
    const weights = await catalog.weightsInPounds(shipped.map((i) => i.itemId));
    const weightLb = shipped.reduce((sum, i) => sum + (weights.get(i.itemId) ?? 0) * i.quantity, 0);
    return {
      // The label's sender is the brand: its name above the ship-from address.
      from: shipFrom ? { ...shipFrom, fullName: store.name } : null,
      weightLb,
      items: shipped.reduce((sum, i) => sum + i.quantity, 0),
      ...(locale ? { locale } : {}),
    };
  }

  /**
   * Buys the parcel's label unless it has one, under the store order's row lock: the rate of
   * the order's shipping method, then what the provider answered is kept on the store order.
   */
  async buyOnce(
    locked: LockedStoreOrder,
    writer: StoreOrderWriter,
    prepared: PreparedLabel,
  ): Promise<{ orderId: string; url: string | null }> {
    const { order } = locked;
    if (order.labelBoughtAt) return { orderId: order.orderId, url: order.labelUrl };
    // Shipped with the seller's own carrier: no label of ours exists, and none is bought now.
    if (order.trackingNumber && order.status !== 'PLACED') throw new Conflict(M.labelOwnCarrier);
    if (!prepared.from) throw new Conflict(STORE_MESSAGES.shipFromMissing);
    if (!order.shippingAddress) throw new Conflict('This order has no shipping address.');
    const { shipping } = this.deps;
    const shipment = {
      from: prepared.from,
      to: order.shippingAddress,
      // A parcel weighs something even when its products' weights are unknown.
      parcel: { weightLb: Math.max(prepared.weightLb, 0.1) },
      reference: orderReference(order.orderId),
      items: prepared.items,
      currency: order.currency as Currency,
      ...(prepared.locale ? { locale: prepared.locale } : {}),
    };
    const service = order.shippingMethod === 'EXPRESS' ? 'express' : 'standard';
    const rate = (await shipping.rates(shipment)).find((r) => r.service === service);
    if (!rate)
      throw new ShippingProviderError('refused', `no ${service} rate for store order ${order.id}`);
    const label: PurchasedLabel = await shipping.buyLabel({ shipment, rate });
    await writer.setOrder({
      labelBoughtAt: this.now(),
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      providerShipmentId: label.providerShipmentId,
      trackerId: label.trackerId,
      trackingUrl: label.trackingUrl,
      labelUrl: label.label.kind === 'url' ? label.label.url : null,
      labelPdf: label.label.kind === 'pdf' ? label.label.pdf : null,
      labelCostCents: label.amountCents,
      labelCurrency: label.currency,
    });
    return { orderId: order.orderId, url: label.label.kind === 'url' ? label.label.url : null };
  }
}
