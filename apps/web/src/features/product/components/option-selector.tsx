import {
  CART_MESSAGES,
  colorLabel,
  colorSwatch,
  sizeLabel,
  type ItemOption,
} from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import {
  findOption,
  isColorSelectable,
  isSizeSelectable,
  optionColors,
  optionSizes,
} from '../utils/item-options';

interface OptionSelectorProps {
  options: readonly ItemOption[];
  color: string | null;
  size: string | null;
  onChange: (choice: { color: string | null; size: string | null }) => void;
  /** Sizing advice from the reviews ('True to size', ...), shown beside the sizes. */
  fitAdvice?: string | null;
}

function RulerIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="2" y="8" width="20" height="8" />
      <path d="M6 8v3M10 8v4M14 8v3M18 8v4" />
    </svg>
  );
}

function SaleFlag({ sale }: { sale: number }) {
  const { t } = useI18n();
  return (
    <>
      {' '}
      <span className="option-button__flag">{t('Sale −{sale}%', { sale })}</span>
    </>
  );
}

/**
 * Spec 2: colour and size, built from the product's options. An unavailable option, or a
 * combination that does not exist, cannot be chosen; options on sale carry a flag.
 */
export function OptionSelector({ options, color, size, onChange, fitAdvice }: OptionSelectorProps) {
  const { t, colon } = useI18n();
  const colors = optionColors(options);
  const sizes = optionSizes(options);
  const chosen = findOption(options, color, size);
  const nothingLeft = options.every((o) => !o.isAvailable || o.count === 0);

  const chooseColor = (next: string) => {
    // A size that this colour does not come in is let go rather than kept invisible.
    const keepSize = size !== null && isSizeSelectable(options, size, next) ? size : null;
    onChange({ color: next, size: keepSize });
  };

  const colorSale = (c: string) =>
    Math.max(0, ...options.filter((o) => o.color === c && o.isAvailable).map((o) => o.sale));

  const sizeOption = (s: string) =>
    color === null
      ? options.find((o) => o.size === s && o.isAvailable && o.sale > 0)
      : findOption(options, color, s);

  return (
    <div className="option-selector">
      <fieldset className="option-selector__group">
        <legend className="form-label">
          {t('Colour')}
          {color && (
            <span className="option-selector__value">
              {colon}
              {t(colorLabel(color))}
            </span>
          )}
        </legend>
        <div className="option-selector__choices">
          {colors.map((c) => {
            const sale = colorSale(c);
            return (
              <button
                key={c}
                type="button"
                className="option-button"
                aria-pressed={c === color}
                disabled={!isColorSelectable(options, c)}
                onClick={() => chooseColor(c)}
              >
                <span
                  className="option-button__swatch"
                  style={{ background: colorSwatch(c) ?? c.toLowerCase() }}
                  aria-hidden="true"
                />
                {t(colorLabel(c))}
                {sale > 0 && <SaleFlag sale={sale} />}
              </button>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="option-selector__group">
        <legend className="form-label">
          {t('Size')}
          {size && (
            <span className="option-selector__value">
              {colon}
              {t(sizeLabel(size))}
            </span>
          )}
        </legend>
        <div className="option-selector__choices">
          {sizes.map((s) => {
            const option = sizeOption(s);
            const selectable = isSizeSelectable(options, s, color);
            const soldOut = color !== null && option?.isAvailable && option.count === 0;
            return (
              <button
                key={s}
                type="button"
                className={`option-button option-button--size${soldOut ? ' option-button--sold-out' : ''}`}
                aria-pressed={s === size}
                disabled={!selectable}
                onClick={() => onChange({ color, size: s })}
              >
                {t(sizeLabel(s))}
                {soldOut && <span className="visually-hidden"> {t('(sold out)')}</span>}
                {selectable && option && option.sale > 0 && <SaleFlag sale={option.sale} />}
              </button>
            );
          })}
        </div>
        {fitAdvice && (
          <p className="option-selector__fit-advice">
            <RulerIcon />
            {t(fitAdvice)}
          </p>
        )}
      </fieldset>
      {/* Issue 39.27: nothing left to choose from, nothing to prompt for. */}
      {color !== null && size === null && !nothingLeft && (
        <p className="option-selector__hint">{t('Choose a size.')}</p>
      )}
      {chosen && chosen.count > 0 && chosen.count <= 3 && (
        <p className="option-selector__hint option-selector__hint--low">
          {t(CART_MESSAGES.onlyLeftMessage, { count: chosen.count })}
        </p>
      )}
    </div>
  );
}
