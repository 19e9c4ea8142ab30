import { Thumbnail, type ThumbnailPriority } from '../../../components/ui/thumbnail';

interface StoreThumbnailProps {
  name: string;
  thumbnail: string | null;
  className?: string;
  priority?: ThumbnailPriority;
}

/** A store's picture in a 3:4 frame; without one, a sand block with the brand's initials. */
export function StoreThumbnail({ name, thumbnail, className = '', priority }: StoreThumbnailProps) {
  return (
    <div className={`store-thumbnail ${className}`}>
      {thumbnail ? (
        <Thumbnail src={thumbnail} alt={name} priority={priority} />
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
