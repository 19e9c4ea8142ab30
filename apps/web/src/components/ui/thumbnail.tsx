/** The API's thumbnails: WebP, 400 px wide, in the 3:4 frame every card shows (DESIGN 6). */
export const THUMBNAIL_WIDTH = 400;
export const THUMBNAIL_HEIGHT = 533;

/**
 * How soon the browser fetches it: `lazy` below the fold (the default), `eager` for what is in
 * view on arrival, `high` for the image that is the page's largest paint (LCP).
 */
export type ThumbnailPriority = 'lazy' | 'eager' | 'high';

interface ThumbnailProps {
  src: string;
  alt: string;
  priority?: ThumbnailPriority;
}

/**
 * A product or store thumbnail. Its width and height let the browser reserve the 3:4 box before
 * the file arrives (the frame's aspect-ratio CSS does the same at any width), so nothing moves.
 */
export function Thumbnail({ src, alt, priority = 'lazy' }: ThumbnailProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={THUMBNAIL_WIDTH}
      height={THUMBNAIL_HEIGHT}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding="async"
    />
  );
}
