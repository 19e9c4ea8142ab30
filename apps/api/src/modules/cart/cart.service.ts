import {
  CART_MESSAGES,
  Conflict,
  NotFound,
  PURCHASE_LIMITS,
  type AddToCartInput,
  type Cart,
  type CartItem,
  type PurchaseLimits,
  type RemoveFromCartInput,
} from '@marketplace/shared';
import type { ItemsService, PurchasableOption } from '../items/items.service';
import type { UsersService } from '../users/users.service';
import type { CartLineRow, CartRepository } from './cart.repository';

/** Units of each option a buyer's own live checkout holds (the orders module owns holds). */
export type HeldUnits = (userId: string) => Promise<Map<number, number>>;

export class CartService {
  private heldUnits: HeldUnits = () => Promise.resolve(new Map());

  constructor(
    private readonly repository: CartRepository,
    private readonly users: UsersService,
    private readonly items: ItemsService,
    private readonly limits: PurchaseLimits = PURCHASE_LIMITS,
  ) {}

  /**
   * Wired after the orders service exists (it depends on this one): the bag counts the buyer's
   * own held units as still theirs.
   */
  countHoldsWith(heldUnits: HeldUnits): void {
    this.heldUnits = heldUnits;
  }

  /** The most units of one option a customer may have (issue 14). */
  get unitsPerOption(): number {
    return this.limits.unitsPerOption;
  }

  async get(userName: string): Promise<Cart> {
    return this.cartOf(await this.users.accountId(userName));
  }

  /**
   * Spec 5 and DESIGN 4: the option must exist and be on sale, the bag holds one currency,
   * and the bag never holds more units than exist (409 'Only N left in stock.'), nor more
   * of one option than one customer may buy (409 naming the limit, issue 14).
   */
  async add(
    userName: string,
    { itemId, itemOptionId, quantity = 1 }: AddToCartInput,
  ): Promise<Cart> {
    const userId = await this.users.accountId(userName);
    // Three round trips: the bag (and the buyer's holds), every option it touches, the write.
    const [lines, held] = await Promise.all([
      this.repository.lines(userId),
      this.heldUnits(userId),
    ]);
    const options = await this.items.purchasableOptions([
      itemOptionId,
      ...lines.map((l) => l.itemOptionId),
    ]);
    const option = options.get(itemOptionId);
    if (!option || option.itemId !== itemId) throw new NotFound('Product not found.');
    if (!option.purchasable) throw new Conflict(CART_MESSAGES.unavailable);

    const bagCurrency = lines[0] ? (options.get(lines[0].itemOptionId)?.currency ?? null) : null;
    if (bagCurrency && bagCurrency !== option.currency)
      throw new Conflict(CART_MESSAGES.oneCurrency(bagCurrency));

    const inBag = lines.find((l) => l.itemOptionId === itemOptionId)?.quantity ?? 0;
    const { unitsPerOption } = this.limits;
    if (inBag + quantity > unitsPerOption)
      throw new Conflict(
        CART_MESSAGES.overLimit(unitsPerOption, Math.max(0, unitsPerOption - inBag)),
      );
    // The same statement keeps both bounds when two adds race.
    const bound = Math.min(option.stock, unitsPerOption);
    const added =
      inBag + quantity <= option.stock &&
      (await this.repository.addWithin(userId, itemId, itemOptionId, quantity, bound));
    if (added === false) {
      // Refused below the stock: a concurrent add took the line to the per-customer limit.
      throw new Conflict(
        bound < option.stock
          ? CART_MESSAGES.overLimit(unitsPerOption, 0)
          : CART_MESSAGES.onlyLeft(Math.max(0, option.stock - inBag)),
      );
    }
    // The bag as this write left it, from what was just read and the line's new quantity.
    const after = lines.some((l) => l.itemOptionId === itemOptionId)
      ? lines.map((l) => (l.itemOptionId === itemOptionId ? { ...l, quantity: added } : l))
      : [...lines, { itemId, itemOptionId, quantity: added }];
    return this.bagOf(after, options, held);
  }

  async remove(
    userName: string,
    { itemOptionId, quantity = 1 }: RemoveFromCartInput,
  ): Promise<Cart> {
    const userId = await this.users.accountId(userName);
    const [lines, held] = await Promise.all([
      this.repository.lines(userId),
      this.heldUnits(userId),
    ]);
    const [left, options] = await Promise.all([
      this.repository.removeUnits(userId, itemOptionId, quantity),
      this.items.purchasableOptions(lines.map((l) => l.itemOptionId)),
    ]);
    if (left === null) throw new NotFound(CART_MESSAGES.notInBag);
    const after = lines.flatMap((l) =>
      l.itemOptionId !== itemOptionId ? [l] : left > 0 ? [{ ...l, quantity: left }] : [],
    );
    return this.bagOf(after, options, held);
  }

  /** The lines a buyer now owns are no longer in their bag. */
  removeBought(userId: string, itemOptionIds: number[]): Promise<void> {
    return this.repository.removeOptions(userId, itemOptionIds);
  }

  /** The bag's lines for checkout (user id, not name: checkout has already resolved it). */
  linesOf(userId: string) {
    return this.repository.lines(userId);
  }

  /**
   * Issue 13: checkout goes on with the lines that can still be bought and leaves the others in
   * the bag, shown as unavailable; when none can, 409 naming them.
   */
  buyable<T extends { itemOptionId: number }>(
    lines: T[],
    options: Map<number, PurchasableOption>,
  ): T[] {
    const buyable = lines.filter((l) => canBuy(options.get(l.itemOptionId)));
    if (buyable.length === 0 && lines.length > 0) {
      const names = lines.flatMap((l) => options.get(l.itemOptionId)?.itemName ?? []);
      throw new Conflict(
        names.length ? CART_MESSAGES.noLongerAvailable(names) : CART_MESSAGES.unavailable,
      );
    }
    return buyable;
  }

  private async cartOf(userId: string): Promise<Cart> {
    const lines = await this.repository.lines(userId);
    const [options, held] = await Promise.all([
      this.items.purchasableOptions(lines.map((l) => l.itemOptionId)),
      lines.length ? this.heldUnits(userId) : new Map<number, number>(),
    ]);
    return this.bagOf(lines, options, held);
  }

  private bagOf(
    lines: CartLineRow[],
    options: Map<number, PurchasableOption>,
    held: Map<number, number>,
  ): Cart {
    const items: CartItem[] = lines.flatMap((line) => {
      const found = options.get(line.itemOptionId);
      if (!found) return [];
      // The buyer's own hold took these units out of the count; they are still theirs.
      const option = { ...found, stock: found.stock + (held.get(line.itemOptionId) ?? 0) };
      const unavailable = !canBuy(option);
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
          available: unavailable
            ? 0
            : Math.max(0, Math.min(option.stock, this.limits.unitsPerOption) - line.quantity),
          limit: this.limits.unitsPerOption,
          unavailable,
        },
      ];
    });
    // Money in cents, so a sum of many lines does not drift; unavailable lines are not paid for.
    const cents = items.reduce(
      (sum, item) =>
        item.unavailable ? sum : sum + Math.round(item.itemPrice * 100) * item.quantity,
      0,
    );
    return { items, subtotal: cents / 100, currency: items[0]?.currency ?? null };
  }
}

/** Listed, not deleted, and with a unit left (stock less live reservations). */
function canBuy(option: PurchasableOption | undefined): option is PurchasableOption {
  return !!option && option.purchasable && option.stock > 0;
}
