interface StoreThumbnailProps {
  name: string;
  thumbnail: string | null;
  className?: string;
  eager?: boolean;
}

/** A store's picture in a 3:4 frame; without one, a sand block with the brand's initials. */
export function StoreThumbnail({ name, thumbnail, className = '', eager }: StoreThumbnailProps) {
  return (
    <div className={`store-thumbnail ${className}`}>
      {thumbnail ? (
        <img
          src={thumbnail}
          alt={name}
          width={400}
          height={533}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="store-thumbnail__placeholder" role="img" aria-label={name}>
          <span aria-hidden="true">{initials(name)}</span>
        </div>
      )}
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
