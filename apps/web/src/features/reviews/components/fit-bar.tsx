import { FIT_SCORE_MAX, FIT_SCORE_MIN, REVIEW_MESSAGES, fitBarPercent } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';

interface FitBarProps {
  /** A fit score (1–5) or an average of them. */
  value: number;
  /** The bar's name, e.g. "Average fit" or "Fit". */
  label: string;
  compact?: boolean;
}

const clampFit = (value: number) => Math.min(FIT_SCORE_MAX, Math.max(FIT_SCORE_MIN, value));

/** Spec 4: a track from 'Runs Small' to 'Runs Large' with the marker 25 % per step above 1. */
export function FitBar({ value, label, compact = false }: FitBarProps) {
  const { t, formatDecimal } = useI18n();
  const percent = fitBarPercent(value);
  const shown = clampFit(value);
  const small = t(REVIEW_MESSAGES.runsSmall);
  const large = t(REVIEW_MESSAGES.runsLarge);
  return (
    <div className={`fit-bar${compact ? ' fit-bar--compact' : ''}`}>
      <div
        className="fit-bar__track"
        role="meter"
        aria-label={label}
        aria-valuemin={FIT_SCORE_MIN}
        aria-valuemax={FIT_SCORE_MAX}
        aria-valuenow={shown}
        aria-valuetext={t('{value} of {max}, from {small} ({min}) to {large} ({max})', {
          value: formatDecimal(shown, Number.isInteger(shown) ? 0 : 1),
          max: FIT_SCORE_MAX,
          min: FIT_SCORE_MIN,
          small,
          large,
        })}
      >
        <span className="fit-bar__marker" style={{ left: `${percent}%` }} aria-hidden="true" />
      </div>
      <div className="fit-bar__ends" aria-hidden="true">
        <span>{small}</span>
        <span>{large}</span>
      </div>
    </div>
  );
}
