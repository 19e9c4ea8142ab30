import type { ItemDetail } from '@marketplace/shared';
import { useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Price } from '../../../components/ui/price';
import { useI18n } from '../../../i18n/i18n-context';
import {
  displayName,
  findOption,
  galleryImages,
  optionColors,
  optionSizes,
} from '../utils/item-options';
import { pendingAddFor } from '../utils/pending-add';
import { effectivePricing } from '@marketplace/shared';
import { PRODUCT_MESSAGES } from '../messages';
import { AddToCartButton } from './add-to-cart-button';
import { OptionSelector } from './option-selector';
import { ProductDescription } from './product-description';
import { ProductGallery } from './product-gallery';
import '../product.css';

const DEFAULT_QUANTITY = 1;

/** A loaded product: gallery beside brand, name, price, options, quantity and the bag button. */
export function ProductView({ item, fitAdvice }: { item: ItemDetail; fitAdvice?: string | null }) {
  const { t } = useI18n();
  // Back from the login wall (issue 13): the remembered choice shows chosen.
  const [pending] = useState(() => pendingAddFor(item.id));
  const [choice, setChoice] = useState(() => initialChoice(item, pending?.itemOptionId));
  const [quantityText, setQuantityText] = useState(String(pending?.quantity ?? DEFAULT_QUANTITY));
  // The most that can be bought, once what was typed has been clamped to it.
  const [quantityNote, setQuantityNote] = useState<number | null>(null);

  const option = findOption(item.itemOptions, choice.color, choice.size);
  const { price, sale } = effectivePricing(item, option);
  const maxQuantity = option && option.count > 0 ? option.count : undefined;

  const parsed = Number.parseInt(quantityText, 10);
  const quantity = Number.isFinite(parsed) && parsed >= 1 ? parsed : DEFAULT_QUANTITY;

  // Issue 13: digits only (no 0, no minus sign), and never more than is left, saying so.
  const setQuantity = (text: string, max = maxQuantity) => {
    const digits = text.replace(/[^\d]/g, '');
    const value = Number.parseInt(digits, 10);
    if (digits !== '' && value < 1) {
      setQuantityText(String(DEFAULT_QUANTITY));
    } else if (max !== undefined && value > max) {
      setQuantityText(String(max));
      setQuantityNote(max);
      return;
    } else {
      setQuantityText(digits);
    }
    setQuantityNote(null);
  };
  const onQuantityChange = (event: ChangeEvent<HTMLInputElement>) =>
    setQuantity(event.target.value);
  const onQuantityBlur = () => setQuantity(String(quantity));
  const onChoiceChange = (next: typeof choice) => {
    setChoice(next);
    const nextOption = findOption(item.itemOptions, next.color, next.size);
    // A new option with less stock clamps what was typed for the last one.
    setQuantity(quantityText, nextOption && nextOption.count > 0 ? nextOption.count : undefined);
  };

  return (
    <article className="product-detail">
      <div className="product-detail__gallery">
        <ProductGallery images={galleryImages(item)} name={item.name} />
      </div>

      <div className="product-detail__info">
        <Link className="product-detail__brand" to={`/store/${encodeURIComponent(item.store)}`}>
          {item.store}
        </Link>
        <h1 className="product-detail__name">{item.name}</h1>
        {item.soldOut && item.isAvailable && (
          <p className="product-detail__sold-out" data-testid="sold-out">
            {t(PRODUCT_MESSAGES.soldOut)}
          </p>
        )}
        {!item.isAvailable && (
          <p className="alert alert-warning py-2" role="status">
            {t(PRODUCT_MESSAGES.unlisted)}
          </p>
        )}
        <p className="product-detail__price" data-testid="product-price">
          <Price price={price} sale={sale} currency={item.currency} />
        </p>

        {item.itemOptions.length > 0 && (
          <OptionSelector
            options={item.itemOptions}
            color={choice.color}
            size={choice.size}
            onChange={onChoiceChange}
            fitAdvice={fitAdvice}
          />
        )}

        <Form.Group className="product-detail__quantity" controlId="product-quantity">
          <Form.Label>{t('Quantity')}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            step={1}
            value={quantityText}
            onChange={onQuantityChange}
            onBlur={onQuantityBlur}
            aria-describedby={quantityNote === null ? undefined : 'product-quantity-note'}
          />
          <Form.Text id="product-quantity-note" aria-live="polite">
            {quantityNote === null
              ? null
              : t(PRODUCT_MESSAGES.quantityLeft, { count: quantityNote })}
          </Form.Text>
        </Form.Group>

        {/* On a phone it stays at the screen's foot while the details scroll (issue 39.23). */}
        <div className="product-detail__buy">
          <AddToCartButton
            key={`${option?.id ?? 'none'}-${quantity}`}
            item={item}
            option={option}
            quantity={quantity}
            chosen={choice}
          />
        </div>

        <dl className="product-detail__facts">
          <dt>{t('Brand')}</dt>
          <dd>{item.store}</dd>
          <dt>{t('Category')}</dt>
          <dd>{t(displayName(item.category))}</dd>
          {item.tags.length > 0 && (
            <>
              <dt>{t('Details')}</dt>
              <dd>{item.tags.join(', ')}</dd>
            </>
          )}
        </dl>
        <ProductDescription item={item} />
      </div>
    </article>
  );
}

/**
 * What starts chosen: a remembered choice (issue 13), else whatever has a single value (one
 * colour, one size: nothing to choose), else nothing.
 */
function initialChoice(
  item: ItemDetail,
  rememberedOptionId: number | undefined,
): { color: string | null; size: string | null } {
  const remembered = item.itemOptions.find((o) => o.id === rememberedOptionId);
  if (remembered) return { color: remembered.color, size: remembered.size };
  const colors = optionColors(item.itemOptions);
  const sizes = optionSizes(item.itemOptions);
  return {
    color: colors.length === 1 ? (colors[0] ?? null) : null,
    size: sizes.length === 1 ? (sizes[0] ?? null) : null,
  };
}
