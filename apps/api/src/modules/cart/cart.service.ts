import {
  CART_MESSAGES,
  Conflict,
  NotFound,
  PURCHASE_LIMITS,
  filledMessages,
  fromCents,
  localizedText,
  type AddedToCart,
  type AddToCartInput,
  type Cart,
  type CartItem,
  type Currency,
  type Locale,
  type PurchaseLimits,
  type RemoveFromCartInput,
} from '@marketplace/shared';
import { translatorFor } from '../../lib/translator';
import {
  toPurchasableOption,
  type ItemsService,
  type PurchasableOption,
} from '../items/items.service';
import type { Caller, UsersService } from '../users/users.service';
import type { BagAnswer, BagLineRow, CartRepository } from './cart.repository';

/** The options of the bag's lines, as the items module prices them. */
const optionsOf = (lines: BagLineRow[]) =>
  new Map(
    lines.flatMap((line) =>
      line.option ? [[line.itemOptionId, toPurchasableOption(line.option)] as const] : [],
    ),
  );

export class CartService {
  constructor(
    private readonly repository: CartRepository,
    private readonly users: UsersService,
    private readonly items: ItemsService,
    private readonly limits: PurchaseLimits = PURCHASE_LIMITS,
    /** The clock a checkout's hold is read against (the orders service's). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The most units of one option a customer may have (issue 14). */
  get unitsPerOption(): number {
    return this.limits.unitsPerOption;
  }

  /** The bag with each product's name in `locale` where its brand wrote one (decision 030). */
  async get(caller: Caller, locale: Locale = 'en'): Promise<Cart> {
    const userId = await this.users.idOf(caller);
    return this.answer(await this.repository.bag(userId, this.now()), locale);
  }

  /**
   * Spec 5 and DESIGN 4: the option must exist and be on sale, the bag holds one currency,
   * and the bag never holds more units than exist (409 'Only N left in stock.'), nor more
   * of one option than one customer may buy (409 naming the limit, issue 14).
   * One statement checks, writes and reads the bag back with the buyer's holds (issue 20).
   */
  async add(
    caller: Caller,
    { itemId, itemOptionId, quantity = 1 }: AddToCartInput,
    locale: Locale = 'en',
  ): Promise<AddedToCart> {
    const userId = await this.users.idOf(caller);
    const { unitsPerOption } = this.limits;
    const write = (units: number) =>
      this.repository.addAndRead(userId, itemId, itemOptionId, units, unitsPerOption, this.now());
    let result = await write(quantity);
    const { target, inBag, bagCurrency } = result;
    if (!target || target.itemId !== itemId) throw new NotFound('Product not found.');
    if (!target.purchasable) throw new Conflict(CART_MESSAGES.unavailable);
    if (bagCurrency && bagCurrency !== target.currency)
      throw new Conflict(CART_MESSAGES.oneCurrency(bagCurrency as Currency));
    // Issue 39.22: more asked than is left adds what is left, and says so; the limit is
    // checked against what can be added.
    const left = target.count - inBag;
    if (inBag + Math.min(quantity, Math.max(0, left)) > unitsPerOption)
      throw new Conflict(
        CART_MESSAGES.overLimit(unitsPerOption, Math.max(0, unitsPerOption - inBag)),
      );
    if (result.added === null && left > 0 && left < quantity) result = await write(left);
    if (result.added === null) {
      // Refused below the stock: a concurrent add took the line to the per-customer limit.
      const bound = Math.min(result.target?.count ?? 0, unitsPerOption);
      if (bound < (result.target?.count ?? 0))
        throw new Conflict(CART_MESSAGES.overLimit(unitsPerOption, 0));
      const nowInBag = result.inBag;
      if (nowInBag > 0 && nowInBag >= (result.target?.count ?? 0)) {
        const filled = CART_MESSAGES.alreadyAllInBag(nowInBag);
        throw new Conflict(filled.text, undefined, filledMessages(filled));
      }
      throw new Conflict(
        CART_MESSAGES.onlyLeft(Math.max(0, (result.target?.count ?? 0) - nowInBag)),
      );
    }
    const cart = this.answer(result, locale);
    const added = result.added - result.inBag;
    if (added >= quantity) return cart;
    const { message, values } = CART_MESSAGES.onlyAvailableAdded(added).params.i18n;
    return { ...cart, notice: translatorFor(locale).t(message, values) };
  }

  async remove(
    caller: Caller,
    { itemOptionId, quantity = 1 }: RemoveFromCartInput,
    locale: Locale = 'en',
  ): Promise<Cart> {
    const userId = await this.users.idOf(caller);
    const result = await this.repository.removeAndRead(userId, itemOptionId, quantity, this.now());
    if (result.left === null) throw new NotFound(CART_MESSAGES.notInBag);
    return this.answer(result, locale);
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
    locale: Locale = 'en',
  ): T[] {
    const buyable = lines.filter((l) => canBuy(options.get(l.itemOptionId)));
    if (buyable.length === 0 && lines.length > 0) {
      // Named as the bag names them, in the reader's language (decision 030).
      const names = lines.flatMap((l) => {
        const option = options.get(l.itemOptionId);
        return option ? [localizedText(option.itemName, option.itemNameFr, locale)] : [];
      });
      if (names.length === 0) throw new Conflict(CART_MESSAGES.unavailable);
      const filled = CART_MESSAGES.noLongerAvailable(names);
      throw new Conflict(filled.text, undefined, filledMessages(filled));
    }
    return buyable;
  }

  /** The bag a shopper sees, from what a bag statement answered. */
  private answer({ lines, held: holds }: BagAnswer, locale: Locale): Cart {
    const options = optionsOf(lines);
    const held = new Map(holds.map((hold) => [hold.itemOptionId, hold.quantity]));
    // Unavailable lines are not paid for.
    let subtotalCents = 0;
    const items: CartItem[] = lines.flatMap((line) => {
      const found = options.get(line.itemOptionId);
      if (!found) return [];
      // The buyer's own hold took these units out of the count; they are still theirs.
      const option = { ...found, stock: found.stock + (held.get(line.itemOptionId) ?? 0) };
      const unavailable = !canBuy(option);
      if (!unavailable) subtotalCents += option.unitPriceCents * line.quantity;
      return [
        {
          itemId: line.itemId,
          itemOptionId: line.itemOptionId,
          itemName: localizedText(option.itemName, option.itemNameFr, locale),
          thumbnail: option.thumbnail,
          currency: option.currency,
          itemPrice: fromCents(option.unitPriceCents),
          originalPrice: fromCents(option.originalPriceCents),
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
    return { items, subtotal: fromCents(subtotalCents), currency: items[0]?.currency ?? null };
  }
}

/** Listed, not deleted, and with a unit left (stock less live reservations). */
function canBuy(option: PurchasableOption | undefined): option is PurchasableOption {
  return !!option && option.purchasable && option.stock > 0;
}
