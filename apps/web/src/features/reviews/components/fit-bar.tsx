import { FIT_SCORE_MAX, FIT_SCORE_MIN, REVIEW_MESSAGES, fitBarPercent } from '@marketplace/shared';

interface FitBarProps {
  /** A fit score (1–5) or an average of them. */
  value: number;
  /** The bar's name, e.g. "Average fit" or "Fit". */
  label: string;
  compact?: boolean;
}

const clampFit = (value: number) => Math.min(FIT_SCORE_MAX, Math.max(FIT_SCORE_MIN, value));
const formatFit = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Spec 4: a track from 'Runs Small' to 'Runs Large' with the marker 25 % per step above 1. */
export function FitBar({ value, label, compact = false }: FitBarProps) {
  const percent = fitBarPercent(value);
  const shown = clampFit(value);
  return (
    <div className={`fit-bar${compact ? ' fit-bar--compact' : ''}`}>
      <div
        className="fit-bar__track"
        role="meter"
        aria-label={label}
        aria-valuemin={FIT_SCORE_MIN}
        aria-valuemax={FIT_SCORE_MAX}
        aria-valuenow={shown}
        aria-valuetext={`${formatFit(shown)} of ${FIT_SCORE_MAX}, from ${REVIEW_MESSAGES.runsSmall} (${FIT_SCORE_MIN}) to ${REVIEW_MESSAGES.runsLarge} (${FIT_SCORE_MAX})`}
      >
        <span className="fit-bar__marker" style={{ left: `${percent}%` }} aria-hidden="true" />
      </div>
      <div className="fit-bar__ends" aria-hidden="true">
        <span>{REVIEW_MESSAGES.runsSmall}</span>
        <span>{REVIEW_MESSAGES.runsLarge}</span>
      </div>
    </div>
  );
}
