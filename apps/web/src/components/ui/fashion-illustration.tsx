/** A decorative, locally drawn editorial panel (no network image): a garment on a hanger. */
export function FashionIllustration({ caption }: { caption?: string }) {
  return (
    <figure className="fashion-illustration" aria-hidden="true">
      <svg viewBox="0 0 300 400" role="presentation" focusable="false">
        <rect width="300" height="400" fill="var(--lb-sand)" />
        <rect
          x="24"
          y="24"
          width="252"
          height="352"
          fill="none"
          stroke="var(--lb-ink)"
          strokeWidth="1"
        />
        <path
          d="M150 70 a14 14 0 1 1 14 14 v12"
          fill="none"
          stroke="var(--lb-ink)"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M80 130 L164 96 L248 130"
          fill="none"
          stroke="var(--lb-ink)"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path
          d="M110 128 L86 170 L104 182 L116 160 L114 320 L214 320 L212 160 L224 182 L242 170 L218 128 Q164 150 110 128 Z"
          fill="var(--lb-accent)"
        />
        <path d="M150 132 L164 176 L178 132" fill="none" stroke="var(--lb-sand)" strokeWidth="3" />
        <line
          x1="164"
          y1="176"
          x2="164"
          y2="316"
          stroke="var(--lb-sand)"
          strokeWidth="2"
          strokeDasharray="2 10"
        />
      </svg>
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
