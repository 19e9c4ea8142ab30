import { COLORS, SIZE_SYSTEMS, colorLabel, sizeLabel } from '@marketplace/shared';
import type { RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useI18n } from '../../../i18n/i18n-context';
import type { FieldArrayWithId, UseFormRegister } from 'react-hook-form';
import type { OptionErrors, OptionField, ProductFormValues } from '../utils/product-form-values';

interface ProductOptionsFieldsetProps {
  fields: FieldArrayWithId<ProductFormValues, 'itemOptions', 'key'>[];
  register: UseFormRegister<ProductFormValues>;
  onAdd: () => void;
  onRemove: (index: number) => void;
  addButtonRef: RefObject<HTMLButtonElement | null>;
  /** The rule's message for the options as a whole (none, or some incomplete). */
  message: string | undefined;
  optionErrors: OptionErrors;
}

const OVERRIDE_PRICE_HELP_ID = 'product-options-price-help';

/** Spec 5 rules 7–8: one row per colour and size, each with its own price, sale and stock. */
export function ProductOptionsFieldset({
  fields,
  register,
  onAdd,
  onRemove,
  addButtonRef,
  message,
  optionErrors,
}: ProductOptionsFieldsetProps) {
  const { t } = useI18n();
  const messageId = 'product-options-error';
  return (
    <section
      className="product-form__section"
      aria-labelledby="product-options-title"
      aria-describedby={message ? messageId : undefined}
    >
      <div className="product-form__section-head">
        <h3 id="product-options-title" className="product-form__section-title">
          {t('Item options')}
        </h3>
        <Button ref={addButtonRef} variant="outline-primary" size="sm" onClick={onAdd}>
          {t('Add option')}
        </Button>
      </div>
      {message ? (
        <p id={messageId} className="product-form__error" role="alert">
          {message}
        </p>
      ) : null}
      {fields.length > 0 ? (
        <p id={OVERRIDE_PRICE_HELP_ID} className="product-form__help">
          {t("Leave Override price empty to sell an option at the product's price.")}
        </p>
      ) : null}
      {fields.length === 0 ? (
        <p className="product-form__help">
          {t('No options yet: add one row for each colour and size you sell.')}
        </p>
      ) : (
        <ol className="product-options">
          {fields.map((field, index) => {
            const errors = optionErrors[index] ?? {};
            const id = (name: OptionField | 'available') => `product-option-${index}-${name}`;
            const invalid = (name: OptionField) => ({
              isInvalid: Boolean(errors[name]),
              'aria-invalid': Boolean(errors[name]) || undefined,
              'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
            });
            const feedback = (name: OptionField) =>
              errors[name] ? (
                <Form.Control.Feedback type="invalid" id={`${id(name)}-error`}>
                  {errors[name]}
                </Form.Control.Feedback>
              ) : null;
            return (
              <li
                key={field.key}
                className="product-option"
                role="group"
                aria-label={t('Option {number}', { number: index + 1 })}
              >
                <Form.Group controlId={id('color')}>
                  <Form.Label>{t('Colour')}</Form.Label>
                  <Form.Select {...register(`itemOptions.${index}.color`)} {...invalid('color')}>
                    <option value="">{t('Choose…')}</option>
                    {COLORS.map((color) => (
                      <option key={color} value={color}>
                        {t(colorLabel(color))}
                      </option>
                    ))}
                  </Form.Select>
                  {feedback('color')}
                </Form.Group>
                <Form.Group controlId={id('size')}>
                  <Form.Label>{t('Size')}</Form.Label>
                  <Form.Select {...register(`itemOptions.${index}.size`)} {...invalid('size')}>
                    <option value="">{t('Choose…')}</option>
                    {SIZE_SYSTEMS.map((system) => (
                      <optgroup key={system.id} label={t(system.label)}>
                        {system.sizes.map((size) => (
                          <option key={size} value={size}>
                            {t(sizeLabel(size))}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </Form.Select>
                  {feedback('size')}
                </Form.Group>
                <Form.Group controlId={id('price')}>
                  <Form.Label>{t('Override price (optional)')}</Form.Label>
                  <Form.Control
                    type="number"
                    inputMode="decimal"
                    step={0.01}
                    min={0}
                    {...register(`itemOptions.${index}.price`)}
                    {...invalid('price')}
                    aria-describedby={
                      errors.price ? `${id('price')}-error` : OVERRIDE_PRICE_HELP_ID
                    }
                  />
                  {feedback('price')}
                </Form.Group>
                <Form.Group controlId={id('sale')}>
                  <Form.Label>{t('Sale (%)')}</Form.Label>
                  <Form.Control
                    type="number"
                    inputMode="decimal"
                    step={0.01}
                    min={0}
                    {...register(`itemOptions.${index}.sale`)}
                    {...invalid('sale')}
                  />
                  {feedback('sale')}
                </Form.Group>
                <Form.Group controlId={id('count')}>
                  <Form.Label>{t('Count')}</Form.Label>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={0}
                    {...register(`itemOptions.${index}.count`)}
                    {...invalid('count')}
                  />
                  {feedback('count')}
                </Form.Group>
                <div className="product-option__end">
                  <Form.Check
                    type="checkbox"
                    id={id('available')}
                    label={t('Available')}
                    {...register(`itemOptions.${index}.isAvailable`)}
                  />
                  <Button
                    variant="link"
                    size="sm"
                    className="product-option__remove"
                    onClick={() => onRemove(index)}
                    aria-label={t('Remove option {number}', { number: index + 1 })}
                  >
                    {t('Remove')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
