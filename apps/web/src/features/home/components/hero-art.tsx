import { useI18n } from '../../../i18n/i18n-context';

/**
 * The hero's pictures, drawn locally (no network, no layout shift): flat garment shapes on
 * blocks of the editorial palette. Decorative; each slide's text says what it is about.
 */
export function DenimArt() {
  const { t } = useI18n();
  return (
    <svg className="hero-art" viewBox="0 0 480 400" aria-hidden="true" focusable="false">
      <rect width="480" height="400" fill="var(--lb-ink)" />
      <rect x="250" y="0" width="230" height="400" fill="#262626" />
      <rect x="300" y="48" width="140" height="300" fill="none" stroke="#5a5a5a" />
      {/* Jeans */}
      <path
        d="M150 70 H290 L300 330 H240 L222 170 L204 330 H144 Z"
        fill="var(--lb-sand)"
        stroke="var(--lb-ink)"
        strokeWidth="2"
      />
      <path d="M150 92 H290" stroke="var(--lb-ink)" strokeWidth="2" />
      <path d="M222 92 V150" stroke="var(--lb-ink)" strokeWidth="2" strokeDasharray="4 5" />
      <path d="M160 104 Q180 130 206 106" fill="none" stroke="var(--lb-ink)" strokeWidth="2" />
      <path d="M284 104 Q264 130 238 106" fill="none" stroke="var(--lb-ink)" strokeWidth="2" />
      {/* Stitched label */}
      <rect x="262" y="98" width="22" height="12" fill="var(--lb-accent)" />
      <text
        x="370"
        y="372"
        textAnchor="middle"
        fill="#8a8a8a"
        fontSize="14"
        letterSpacing="4"
        fontFamily="inherit"
      >
        {t('RAW · WASHED')}
      </text>
    </svg>
  );
}

export function KnitArt() {
  const { t } = useI18n();
  return (
    <svg className="hero-art" viewBox="0 0 480 400" aria-hidden="true" focusable="false">
      <defs>
        <pattern id="hero-rib" width="10" height="10" patternUnits="userSpaceOnUse">
          <rect width="10" height="10" fill="var(--lb-accent)" />
          <rect width="3" height="10" fill="var(--lb-accent-dark)" />
        </pattern>
      </defs>
      <rect width="480" height="400" fill="var(--lb-sand)" />
      <rect x="0" y="250" width="480" height="150" fill="#e8e1d7" />
      <circle cx="380" cy="90" r="46" fill="none" stroke="var(--lb-ink)" strokeWidth="1.5" />
      {/* Sweater */}
      <path
        d="M190 70 Q240 92 290 70 L370 110 L350 200 L320 190 L320 340 H160 V190 L130 200 L110 110 Z"
        fill="url(#hero-rib)"
      />
      <path d="M190 70 Q240 100 290 70" fill="none" stroke="var(--lb-ink)" strokeWidth="3" />
      <rect x="160" y="318" width="160" height="22" fill="var(--lb-accent-dark)" />
      <text
        x="96"
        y="372"
        textAnchor="middle"
        fill="var(--lb-ink-soft)"
        fontSize="14"
        letterSpacing="4"
        fontFamily="inherit"
      >
        {t('MERINO')}
      </text>
    </svg>
  );
}
