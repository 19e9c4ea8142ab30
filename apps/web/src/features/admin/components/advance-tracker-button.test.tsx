import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORE_ORDER_MESSAGES } from '@marketplace/shared';
import { jsonResponse } from '../../../test/render';
import { adminApi, renderAdmin, storeOrder } from '../testing/admin-api';

describe('the simulated tracker button (issue 16, local shipping provider)', () => {
  it('moves a shipped parcel on and reloads the orders; absent when the order cannot', async () => {
    const shipped = storeOrder({
      status: 'SHIPPED',
      trackingNumber: 'LB-LOCAL-0011223344556677',
      carrier: 'Local Brands (simulated)',
      canAdvanceTracker: true,
    });
    const other = storeOrder({ id: 'another', reference: 'ANOTHER1', canAdvanceTracker: false });
    const api = adminApi({
      orders: [shipped, other],
      extra: (method, path) =>
        method === 'POST' && path === `/store/orders/${shipped.id}/tracking/advance`
          ? jsonResponse(200, { ...shipped, status: 'IN_TRANSIT' })
          : undefined,
    });
    const { user } = renderAdmin('orders');
    const button = await screen.findByRole('button', {
      name: `${STORE_ORDER_MESSAGES.advanceTrackerShort} for order ${shipped.reference}`,
    });
    // Its short visible label keeps the actions column within a phone's width, and says it is
    // a simulation, not the carrier (issue 39 item 17).
    expect(button.textContent).toBe('Simulate scan');
    expect(button).toHaveAccessibleName(`Simulate scan for order ${shipped.reference}`);
    expect(
      screen.queryByRole('button', {
        name: `${STORE_ORDER_MESSAGES.advanceTrackerShort} for order ANOTHER1`,
      }),
    ).toBeNull();
    const listed = api.orderRequests().length;
    await user.click(button);
    expect(await screen.findByText(STORE_ORDER_MESSAGES.trackerAdvanced)).toBeVisible();
    expect(api.writes()).toEqual([`POST /api/store/orders/${shipped.id}/tracking/advance`]);
    await waitFor(() => expect(api.orderRequests().length).toBeGreaterThan(listed));
  });
});
