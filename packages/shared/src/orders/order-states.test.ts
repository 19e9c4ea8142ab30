import { describe, expect, it } from 'vitest';
import {
  FULFILMENT_STATUSES,
  ORDER_PROGRESS,
  ORDER_PROGRESS_LABELS,
  ORDER_TRANSITIONS,
  STORE_ORDER_STATUSES,
  canMove,
  canReach,
  illegalMoveMessage,
  isTerminal,
  nextStatuses,
  orderProgress,
} from './order-states';
import { ORDER_ITEM_STATUSES, ORDER_ITEM_STATUS_LABELS } from './checkout';
import {
  STORE_ORDER_STATUS_LABELS,
  canAcceptItem,
  canPrintShippingLabel,
  canRefundStoreOrder,
  canRejectItem,
  canShipStoreOrder,
  shipBlocker,
  STORE_ORDER_MESSAGES,
} from './store-orders';

describe('the order state machine (issue 16 item 5)', () => {
  it('has a row for every status, and moves only to declared statuses', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...FULFILMENT_STATUSES].sort());
    for (const targets of Object.values(ORDER_TRANSITIONS))
      for (const to of Object.keys(targets)) expect(FULFILMENT_STATUSES).toContain(to);
  });

  it('reaches every order line status from PLACED', () => {
    for (const status of FULFILMENT_STATUSES.filter((s) => s !== 'PLACED'))
      expect(canReach('item', 'PLACED', status), status).toBe(true);
  });

  it("reaches every store order status from PLACED, and no move leaves a store order's statuses", () => {
    for (const status of STORE_ORDER_STATUSES.filter((s) => s !== 'PLACED'))
      expect(canReach('storeOrder', 'PLACED', status), status).toBe(true);
    for (const from of STORE_ORDER_STATUSES)
      for (const to of nextStatuses('storeOrder', from)) expect(STORE_ORDER_STATUSES).toContain(to);
  });

  it('ends only in REFUNDED, and nothing moves out of it', () => {
    expect(FULFILMENT_STATUSES.filter((s) => isTerminal('item', s))).toEqual(['REFUNDED']);
    expect(STORE_ORDER_STATUSES.filter((s) => isTerminal('storeOrder', s))).toEqual(['REFUNDED']);
    // Every status can still end refunded: money can always go back until it has.
    for (const status of FULFILMENT_STATUSES.filter((s) => s !== 'REFUNDED'))
      expect(canReach('item', status, 'REFUNDED'), status).toBe(true);
  });

  it("has spec 4's seller moves, and refuses the rest", () => {
    expect(canMove('item', 'PLACED', 'ACCEPTED', 'seller')).toBe(true);
    expect(canMove('item', 'PLACED', 'REJECTED_REFUND_IN_PROGRESS', 'seller')).toBe(true);
    expect(canMove('item', 'ACCEPTED', 'REJECTED_REFUND_IN_PROGRESS', 'seller')).toBe(true);
    expect(canMove('item', 'ACCEPTED', 'SHIPPED', 'seller')).toBe(true);
    expect(canMove('storeOrder', 'PLACED', 'SHIPPED', 'seller')).toBe(true);
    expect(canMove('storeOrder', 'SHIPPED', 'REFUNDED', 'seller')).toBe(true);
    // A rejected item's money has gone back: never accepted again (issue 13).
    expect(canMove('item', 'REJECTED_REFUND_IN_PROGRESS', 'ACCEPTED')).toBe(false);
    expect(canMove('item', 'PLACED', 'SHIPPED')).toBe(false); // only accepted items ship
    expect(canMove('item', 'SHIPPED', 'ACCEPTED')).toBe(false);
    expect(canMove('storeOrder', 'SHIPPED', 'SHIPPED')).toBe(false);
    expect(canMove('storeOrder', 'REFUNDED', 'REFUNDED')).toBe(false);
    expect(canMove('storeOrder', 'PLACED', 'ACCEPTED')).toBe(false); // decided item by item
    expect(canMove('item', 'PLACED', 'DELIVERED')).toBe(false);
  });

  it('says who makes the delivery and return moves', () => {
    expect(canMove('item', 'SHIPPED', 'IN_TRANSIT', 'carrier')).toBe(true);
    expect(canMove('item', 'SHIPPED', 'IN_TRANSIT', 'seller')).toBe(false);
    for (const actor of ['carrier', 'buyer', 'system'] as const)
      expect(canMove('storeOrder', 'IN_TRANSIT', 'DELIVERED', actor)).toBe(true);
    expect(canMove('item', 'IN_TRANSIT', 'DELIVERED', 'seller')).toBe(false);
    expect(canMove('item', 'DELIVERED', 'RETURN_REQUESTED', 'buyer')).toBe(true);
    expect(canMove('item', 'DELIVERED', 'RETURN_REQUESTED', 'seller')).toBe(false);
    expect(canMove('storeOrder', 'DELIVERED', 'RETURN_REQUESTED')).toBe(false); // returns are of items
    expect(canMove('item', 'RETURN_IN_TRANSIT', 'RETURN_RECEIVED', 'seller')).toBe(true);
    expect(canMove('item', 'RETURN_RECEIVED', 'REFUNDED', 'system')).toBe(true);
    expect(canMove('item', 'RETURN_REQUESTED', 'DELIVERED')).toBe(false);
  });

  it('names both statuses in words when it refuses a move', () => {
    expect(illegalMoveMessage('storeOrder', 'SHIPPED', 'SHIPPED')).toBe(
      'This order is already shipped.',
    );
    expect(illegalMoveMessage('item', 'REJECTED_REFUND_IN_PROGRESS', 'ACCEPTED')).toBe(
      'This item is rejected and refunded: it can no longer be accepted.',
    );
    expect(illegalMoveMessage('item', 'PLACED', 'DELIVERED')).toBe(
      'This item is placed: it cannot be marked delivered yet.',
    );
    expect(illegalMoveMessage('storeOrder', 'REFUNDED', 'REFUNDED')).toBe(
      'This order is already refunded.',
    );
  });

  it('labels every status, the new ones included', () => {
    for (const status of ORDER_ITEM_STATUSES) expect(ORDER_ITEM_STATUS_LABELS[status]).toBeTruthy();
    expect(STORE_ORDER_STATUS_LABELS.IN_TRANSIT).toBe('In transit');
    expect(ORDER_ITEM_STATUS_LABELS.RETURN_REQUESTED).toBe('Return requested');
  });
});

describe("the seller's buttons, derived from the table", () => {
  const parcel = (status: (typeof STORE_ORDER_STATUSES)[number], ...items: string[]) => ({
    status,
    items: items.map((s) => ({ status: s as (typeof ORDER_ITEM_STATUSES)[number] })),
  });

  it('Accept for a placed item only; Reject for a placed or accepted one', () => {
    const accepts = ORDER_ITEM_STATUSES.filter((status) => canAcceptItem({ status }));
    const rejects = ORDER_ITEM_STATUSES.filter((status) => canRejectItem({ status }));
    expect(accepts).toEqual(['PLACED']);
    expect(rejects).toEqual(['PLACED', 'ACCEPTED']);
  });

  it('Ship only when no item is PLACED or IN_CART, something is accepted, and not shipped yet', () => {
    expect(canShipStoreOrder(parcel('PLACED', 'ACCEPTED', 'REJECTED_REFUND_IN_PROGRESS'))).toBe(
      true,
    );
    expect(shipBlocker(parcel('PLACED', 'ACCEPTED', 'PLACED'))).toBe(
      STORE_ORDER_MESSAGES.shipBlocked,
    );
    expect(shipBlocker(parcel('PLACED', 'ACCEPTED', 'IN_CART'))).toBe(
      STORE_ORDER_MESSAGES.shipBlocked,
    );
    expect(shipBlocker(parcel('PLACED', 'REJECTED_REFUND_IN_PROGRESS'))).toBe(
      STORE_ORDER_MESSAGES.nothingToShip,
    );
    expect(shipBlocker(parcel('SHIPPED', 'SHIPPED'))).toBe('This order is already shipped.');
    expect(shipBlocker(parcel('REFUNDED', 'REFUNDED'))).toBe(
      'This order is refunded: it can no longer be shipped.',
    );
  });

  it('Refund while money is left and the order is not refunded', () => {
    const money = { subtotal: 50, shipping: 10, tax: 6, refunded: 0 };
    expect(canRefundStoreOrder({ ...money, status: 'SHIPPED' })).toBe(true);
    expect(canRefundStoreOrder({ ...money, status: 'DELIVERED' })).toBe(true);
    expect(canRefundStoreOrder({ ...money, status: 'REFUNDED' })).toBe(false);
    expect(canRefundStoreOrder({ ...money, refunded: 66, status: 'PLACED' })).toBe(false);
  });

  it('a label while the parcel ships or shipped', () => {
    // Issue 39 item 16: not before the brand accepted an item.
    expect(canPrintShippingLabel(parcel('PLACED', 'PLACED'))).toBe(false);
    expect(canPrintShippingLabel(parcel('PLACED', 'PLACED', 'REJECTED_REFUND_IN_PROGRESS'))).toBe(
      false,
    );
    expect(canPrintShippingLabel(parcel('PLACED', 'PLACED', 'ACCEPTED'))).toBe(true);
    expect(canPrintShippingLabel(parcel('SHIPPED', 'SHIPPED', 'REFUNDED'))).toBe(true);
    expect(canPrintShippingLabel(parcel('PLACED', 'REJECTED_REFUND_IN_PROGRESS'))).toBe(false);
    expect(canPrintShippingLabel(parcel('REFUNDED', 'REFUNDED'))).toBe(false);
  });
});

describe("an order's and a parcel's progress, read from their lines (issue 39 item 7)", () => {
  const of = (...statuses: string[]) => orderProgress(statuses.map((status) => ({ status })));

  it.each([
    [['PLACED'], 'PLACED'],
    [['PLACED', 'PLACED'], 'PLACED'],
    // One decided, one still waiting for the brand: still to accept.
    [['ACCEPTED', 'PLACED'], 'PLACED'],
    [['ACCEPTED'], 'PREPARING'],
    [['ACCEPTED', 'ACCEPTED'], 'PREPARING'],
    // A rejected line does not hold the rest back.
    [['ACCEPTED', 'REJECTED_REFUND_IN_PROGRESS'], 'PREPARING'],
    [['SHIPPED', 'PLACED'], 'PARTLY_SHIPPED'],
    [['SHIPPED', 'ACCEPTED'], 'PARTLY_SHIPPED'],
    [['DELIVERED', 'ACCEPTED'], 'PARTLY_SHIPPED'],
    [['SHIPPED'], 'SHIPPED'],
    [['IN_TRANSIT', 'SHIPPED'], 'IN_TRANSIT'],
    [['IN_TRANSIT', 'REJECTED_REFUND_IN_PROGRESS'], 'IN_TRANSIT'],
    [['SHIPPED', 'REJECTED_REFUND_IN_PROGRESS'], 'SHIPPED'],
    [['DELIVERED', 'IN_TRANSIT'], 'PARTLY_DELIVERED'],
    [['DELIVERED'], 'DELIVERED'],
    [['DELIVERED', 'DELIVERED'], 'DELIVERED'],
    [['DELIVERED', 'REJECTED_REFUND_IN_PROGRESS'], 'DELIVERED'],
    [['DELIVERED', 'RETURN_REQUESTED'], 'RETURN_IN_PROGRESS'],
    [['RETURN_IN_TRANSIT'], 'RETURN_IN_PROGRESS'],
    [['RETURN_RECEIVED', 'REFUNDED'], 'RETURN_IN_PROGRESS'],
    [['DELIVERED', 'REFUNDED'], 'PARTLY_REFUNDED'],
    [['REFUNDED'], 'REFUNDED'],
    [['REFUNDED', 'REFUNDED'], 'REFUNDED'],
    [['REFUNDED', 'REJECTED_REFUND_IN_PROGRESS'], 'REFUNDED'],
    [['REJECTED_REFUND_IN_PROGRESS'], 'CANCELLED'],
    [['REJECTED_REFUND_IN_PROGRESS', 'REJECTED_REFUND_IN_PROGRESS'], 'CANCELLED'],
    // The bag's statuses are not the order's.
    [['IN_CART', 'ACCEPTED'], 'PREPARING'],
    [[], 'PLACED'],
  ] as const)('%j reads %s', (statuses, progress) => {
    expect(of(...statuses)).toBe(progress);
  });

  it('reads every combination of two line statuses as one of its progresses, with a label', () => {
    for (const a of FULFILMENT_STATUSES)
      for (const b of FULFILMENT_STATUSES) {
        const progress = of(a, b);
        expect(ORDER_PROGRESS).toContain(progress);
        expect(ORDER_PROGRESS_LABELS[progress]).toBeTruthy();
        // The order of the lines never matters.
        expect(of(b, a)).toBe(progress);
      }
  });
});
