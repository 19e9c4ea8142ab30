import type { Locale, OrderView } from '@marketplace/shared';
import type { Caller, UsersService } from '../users/users.service';
import { toView } from './order-view';
import type { Db } from '../../db/client';
import { OrderTaxSumsRepository, type TaxSum } from './order-tax-sums.repository';
import type { OrderRow, OrdersRepository } from './orders.repository';

export type { TaxSum } from './order-tax-sums.repository';

interface OrdersDeps {
  repository: OrdersRepository;
  users: UsersService;
}

/**
 * The buyer's orders once placed (My Orders), and what other modules ask of sales: who received
 * an item (reviews) and what sells most (the catalog). Checkout writes the orders; this reads.
 */
export class OrdersService {
  constructor(private readonly deps: OrdersDeps) {}

  /** Placed orders, each line's product name in `locale` as it was bought (decision 030). */
  async history(caller: Caller, locale: Locale = 'en'): Promise<OrderView[]> {
    const { repository } = this.deps;
    const rows = await repository.placedOf(await this.deps.users.idOf(caller));
    const ids = rows.map((r) => r.id);
    const [lines, parcels, taxLines] = await Promise.all([
      repository.linesOf(ids),
      repository.parcelsOf(ids),
      repository.taxLinesOf(ids),
    ]);
    return rows.map((row) =>
      toView(
        row,
        lines.filter((l) => l.orderId === row.id),
        parcels.filter((p) => p.orderId === row.id),
        taxLines.filter((t) => t.orderId === row.id),
        locale,
      ),
    );
  }

  /** One order as its buyer sees it (checkout answers the order it placed with it). */
  async viewOf(order: OrderRow, locale: Locale = 'en'): Promise<OrderView> {
    const { repository } = this.deps;
    const [lines, parcels, taxLines] = await Promise.all([
      repository.linesOf([order.id]),
      repository.parcelsOf([order.id]),
      repository.taxLinesOf([order.id]),
    ]);
    return toView(order, lines, parcels, taxLines, locale);
  }

  /** For reviews' "Verified purchase": which of these users received the item (not just paid). */
  async receivedBy(itemId: number, userIds: string[]): Promise<Set<string>> {
    return new Set(await this.deps.repository.receivedBy(itemId, userIds));
  }

  /** Products by units sold, most first (for "YOU MAY ALSO LIKE..."'s bestsellers). */
  async bestsellers(limit: number): Promise<{ itemId: number; units: number }[]> {
    return this.deps.repository.bestsellers(limit);
  }
}

/**
 * The tax the orders collected and their refunds returned, summed per currency, jurisdiction
 * and tax type over a period: what the tax module's report reads of the orders tables.
 */
export class OrderTaxSums {
  private readonly repository: OrderTaxSumsRepository;

  constructor(db: Db) {
    this.repository = new OrderTaxSumsRepository(db);
  }

  /** Tax lines of orders placed in [from, to). */
  collected(from: Date, to: Date): Promise<TaxSum[]> {
    return this.repository.collected(from, to);
  }

  /** Tax lines returned by refunds that went through in [from, to). */
  refunded(from: Date, to: Date): Promise<TaxSum[]> {
    return this.repository.refunded(from, to);
  }
}
