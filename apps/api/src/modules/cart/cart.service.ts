import {
  CART_MESSAGES,
  Conflict,
  NotFound,
  type AddToCartInput,
  type Cart,
  type CartItem,
  type RemoveFromCartInput,
} from '@marketplace/shared';
import type { ItemsService } from '../items/items.service';
import type { UsersService } from '../users/users.service';
import type { CartRepository } from './cart.repository';

export class CartService {
  constructor(
    private readonly repository: CartRepository,
    private readonly users: UsersService,
    private readonly items: ItemsService,
  ) {}

  async get(userName: string): Promise<Cart> {
    return this.cartOf(await this.users.accountId(userName));
  }

  /**
   * Spec 5 and DESIGN 4: the option must exist and be on sale, the bag holds one currency,
   * and the bag never holds more units than exist (409 'Only N left in stock.').
   */
  async add(
    userName: string,
    { itemId, itemOptionId, quantity = 1 }: AddToCartInput,
  ): Promise<Cart> {
    const userId = await this.users.accountId(userName);
    const [options, lines] = await Promise.all([
      this.items.purchasableOptions([itemOptionId]),
      this.repository.lines(userId),
    ]);
    const option = options.get(itemOptionId);
    if (!option || option.itemId !== itemId) throw new NotFound('Product not found.');
    if (!option.purchasable) throw new Conflict(CART_MESSAGES.unavailable);

    const bagCurrency = await this.currencyOf(lines);
    if (bagCurrency && bagCurrency !== option.currency)
      throw new Conflict(CART_MESSAGES.oneCurrency(bagCurrency));

    const inBag = lines.find((l) => l.itemOptionId === itemOptionId)?.quantity ?? 0;
    const added =
      inBag + quantity <= option.stock &&
      (await this.repository.addWithin(userId, itemId, itemOptionId, quantity, option.stock));
    if (!added) throw new Conflict(CART_MESSAGES.onlyLeft(Math.max(0, option.stock - inBag)));
    return this.cartOf(userId);
  }

  async remove(
    userName: string,
    { itemOptionId, quantity = 1 }: RemoveFromCartInput,
  ): Promise<Cart> {
    const userId = await this.users.accountId(userName);
    if (!(await this.repository.removeUnits(userId, itemOptionId, quantity)))
      throw new NotFound(CART_MESSAGES.notInBag);
    return this.cartOf(userId);
  }

  /** The lines a buyer now owns are no longer in their bag. */
  removeBought(userId: string, itemOptionIds: number[]): Promise<void> {
    return this.repository.removeOptions(userId, itemOptionIds);
  }

  /** The bag's lines for checkout (user id, not name: checkout has already resolved it). */
  linesOf(userId: string) {
    return this.repository.lines(userId);
  }

  private async currencyOf(lines: { itemOptionId: number }[]) {
    const first = lines[0];
    if (!first) return null;
    return (
      (await this.items.purchasableOptions([first.itemOptionId])).get(first.itemOptionId)
        ?.currency ?? null
    );
  }

  private async cartOf(userId: string): Promise<Cart> {
    const lines = await this.repository.lines(userId);
    const options = await this.items.purchasableOptions(lines.map((l) => l.itemOptionId));
    const items: CartItem[] = lines.flatMap((line) => {
      const option = options.get(line.itemOptionId);
      if (!option) return [];
      return [
        {
          itemId: line.itemId,
          itemOptionId: line.itemOptionId,
          itemName: option.itemName,
          thumbnail: option.thumbnail,
          currency: option.currency,
          itemPrice: option.unitPrice,
          originalPrice: option.originalPrice,
          size: option.size,
          color: option.color,
          quantity: line.quantity,
          store: option.store,
          available: option.purchasable ? Math.max(0, option.stock - line.quantity) : 0,
        },
      ];
    });
    // Money in cents, so a sum of many lines does not drift.
    const cents = items.reduce(
      (sum, item) => sum + Math.round(item.itemPrice * 100) * item.quantity,
      0,
    );
    return { items, subtotal: cents / 100, currency: items[0]?.currency ?? null };
  }
}
