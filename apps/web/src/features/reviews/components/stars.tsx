import { MAX_STARS } from '@marketplace/shared';

const STAR_ROW = '★'.repeat(MAX_STARS);

interface StarsProps {
  /** 0 to MAX_STARS; fractions fill part of a star (an average of 4.3 fills 4.3 stars). */
  value: number;
  /** What a screen reader hears instead of the glyphs, e.g. "Average rating 4.3 out of 5". */
  label: string;
  size?: 'sm' | 'lg';
}

/** Read-only stars (spec 9: at most five). */
export function Stars({ value, label, size = 'sm' }: StarsProps) {
  const percent = Math.min(100, Math.max(0, (value / MAX_STARS) * 100));
  return (
    <span className={`review-stars review-stars--${size}`} role="img" aria-label={label}>
      <span className="review-stars__empty" aria-hidden="true">
        {STAR_ROW}
      </span>
      <span
        className="review-stars__filled"
        style={{ width: `${percent}%` }}
        data-testid="stars-fill"
        aria-hidden="true"
      >
        {STAR_ROW}
      </span>
    </span>
  );
}
