import { sql, type SQL } from 'drizzle-orm';
import { orderItems, orders } from './schema';

/**
 * The units of each option a buyer's own live checkout holds, as a JSON array of
 * `{ itemOptionId, quantity }`: the lines of the buyer's newest order waiting for payment, while
 * its hold runs. Held stock is out of the public count yet still the buyer's, so the bag must not
 * call it sold out (issue 13). What a hold is belongs to checkout, which writes holds; it lives here, beside the schema,
 * because the bag's statements select it beside their write, in the same round trip (issue 20,
 * decision 023), and a module never reaches into another's repository.
 */
export function heldUnitsJson(userId: SQL, now: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
      'itemOptionId', l.item_option_id, 'quantity', l.quantity)), '[]'::json)
    from (select o.id, o.reserved_until from ${orders} o
      where o.user_id = ${userId} and o.status = 'PENDING_PAYMENT'
      order by o.created_at desc limit 1) as open_order
    join ${orderItems} l on l.order_id = open_order.id
    where open_order.reserved_until > ${now})`;
}
