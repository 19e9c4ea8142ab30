import { REVIEW_MESSAGES } from '@marketplace/shared';
import { useId, type Ref } from 'react';
import { useI18n } from '../../../i18n/i18n-context';
import { FIT_STEP_NAMES, FIT_STEPS } from '../utils/review-format';

interface FitPickerProps {
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Spec 5: the fit is chosen by clicking the bar, 1 'Runs Small' to 5 'Runs Large'. Each step is
 * a radio button, so the keyboard works as in any radio group.
 */
export function FitPicker({ value, onChange, onBlur, error, disabled, inputRef }: FitPickerProps) {
  const { t, colon } = useI18n();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="fit-picker"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="form-label">
        {t('Fit')}
        <span className="fit-picker__value">
          {FIT_STEP_NAMES[value] ? `${colon}${t(FIT_STEP_NAMES[value])}` : ''}
        </span>
      </legend>
      <div className="fit-picker__steps">
        {FIT_STEPS.map((step) => (
          <span key={step} className="fit-picker__step">
            <input
              ref={step === FIT_STEPS[0] ? inputRef : undefined}
              className="visually-hidden"
              type="radio"
              id={`${id}-${step}`}
              name={`${id}-fit`}
              value={step}
              checked={value === step}
              onChange={() => onChange(step)}
              onBlur={onBlur}
            />
            <label htmlFor={`${id}-${step}`}>
              <span className="visually-hidden">{`${step}: ${t(FIT_STEP_NAMES[step] ?? '')}`}</span>
            </label>
          </span>
        ))}
      </div>
      <div className="fit-picker__ends" aria-hidden="true">
        <span>{t(REVIEW_MESSAGES.runsSmall)}</span>
        <span>{t(REVIEW_MESSAGES.runsLarge)}</span>
      </div>
      {error && (
        <p id={errorId} className="invalid-feedback d-block">
          {error}
        </p>
      )}
    </fieldset>
  );
}
