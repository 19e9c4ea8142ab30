import type { ItemDetail } from '@marketplace/shared';
import { useState, type ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Price } from '../../../components/ui/price';
import { displayName, findOption, galleryImages, optionColors } from '../utils/item-options';
import { effectivePricing } from '@marketplace/shared';
import { AddToCartButton } from './add-to-cart-button';
import { OptionSelector } from './option-selector';
import { ProductGallery } from './product-gallery';
import '../product.css';

const DEFAULT_QUANTITY = 1;

/** A loaded product: gallery beside brand, name, price, options, quantity and the bag button. */
export function ProductView({ item, fitAdvice }: { item: ItemDetail; fitAdvice?: string | null }) {
  const colors = optionColors(item.itemOptions);
  // With one colour there is nothing to choose: it starts chosen, the size is still the shopper's.
  const [choice, setChoice] = useState<{ color: string | null; size: string | null }>({
    color: colors.length === 1 ? (colors[0] ?? null) : null,
    size: null,
  });
  const [quantityText, setQuantityText] = useState(String(DEFAULT_QUANTITY));

  const option = findOption(item.itemOptions, choice.color, choice.size);
  const { price, sale } = effectivePricing(item, option);
  const maxQuantity = option && option.count > 0 ? option.count : undefined;

  const parsed = Number.parseInt(quantityText, 10);
  const quantity = Number.isFinite(parsed) && parsed >= 1 ? parsed : DEFAULT_QUANTITY;

  const onQuantityChange = (event: ChangeEvent<HTMLInputElement>) =>
    setQuantityText(event.target.value.replace(/[^\d]/g, ''));
  const onQuantityBlur = () =>
    setQuantityText(String(maxQuantity ? Math.min(quantity, maxQuantity) : quantity));

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
        <p className="product-detail__price" data-testid="product-price">
          <Price price={price} sale={sale} currency={item.currency} />
        </p>

        {item.itemOptions.length > 0 && (
          <OptionSelector
            options={item.itemOptions}
            color={choice.color}
            size={choice.size}
            onChange={setChoice}
            fitAdvice={fitAdvice}
          />
        )}

        <Form.Group className="product-detail__quantity" controlId="product-quantity">
          <Form.Label>Quantity</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            step={1}
            value={quantityText}
            onChange={onQuantityChange}
            onBlur={onQuantityBlur}
          />
        </Form.Group>

        <AddToCartButton
          key={`${option?.id ?? 'none'}-${quantity}`}
          item={item}
          option={option}
          quantity={quantity}
        />

        <dl className="product-detail__facts">
          <dt>Brand</dt>
          <dd>{item.store}</dd>
          <dt>Category</dt>
          <dd>{displayName(item.category)}</dd>
          {item.tags.length > 0 && (
            <>
              <dt>Details</dt>
              <dd>{item.tags.join(', ')}</dd>
            </>
          )}
        </dl>
      </div>
    </article>
  );
}
