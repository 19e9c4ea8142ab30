import { MAX_STARS } from '@marketplace/shared';
import { useId, useState, type Ref } from 'react';
import { useI18n } from '../../../i18n/i18n-context';

interface StarRatingInputProps {
  /** 0 while no star is chosen (spec 5). */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  /** Lets the form move focus here when the rating is missing. */
  inputRef?: Ref<HTMLInputElement>;
}

const STARS = Array.from({ length: MAX_STARS }, (_, index) => index + 1);

/**
 * Five clickable stars. They are radio buttons underneath, so Tab reaches the group and the
 * arrow keys change the rating; hovering previews it.
 */
export function StarRatingInput({
  value,
  onChange,
  onBlur,
  error,
  disabled,
  inputRef,
}: StarRatingInputProps) {
  const { t, colon } = useI18n();
  const id = useId();
  const [preview, setPreview] = useState(0);
  const lit = preview || value;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="star-input"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="form-label">
        {t('Rating')}
        <span className="star-input__value">
          {value > 0 ? `${colon}${t('{value} of {max}', { value, max: MAX_STARS })}` : ''}
        </span>
      </legend>
      <div className="star-input__stars" onMouseLeave={() => setPreview(0)}>
        {STARS.map((star) => (
          <span key={star} className="star-input__star">
            <input
              ref={star === 1 ? inputRef : undefined}
              className="visually-hidden"
              type="radio"
              id={`${id}-${star}`}
              name={`${id}-rating`}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              onBlur={onBlur}
            />
            <label
              htmlFor={`${id}-${star}`}
              className={star <= lit ? 'is-lit' : undefined}
              onMouseEnter={() => setPreview(star)}
            >
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {t('{count, plural, one {# star} other {# stars}}', { count: star })}
              </span>
            </label>
          </span>
        ))}
      </div>
      {error && (
        <p id={errorId} className="invalid-feedback d-block">
          {error}
        </p>
      )}
    </fieldset>
  );
}
