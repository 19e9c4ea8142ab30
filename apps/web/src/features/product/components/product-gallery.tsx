import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../../../i18n/i18n-context';

interface ProductGalleryProps {
  /** The thumbnail first, then the extra images (see galleryImages). */
  images: readonly string[];
  name: string;
}

// The full-screen view (react-bootstrap's Modal) loads when it is first opened.
const ProductImageZoom = lazy(async () => ({
  default: (await import('./product-image-zoom')).ProductImageZoom,
}));

function ZoomIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5 21 21M10.5 7.5v6M7.5 10.5h6" />
    </svg>
  );
}

/** Spec 2: the main image, a strip of thumbnails below, and arrows that cycle both ways. */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  // Issue 39.30: a full-screen view; mounted from its first opening, so that it can close.
  const [zoomed, setZoomed] = useState(false);
  const [zoomUsed, setZoomUsed] = useState(false);
  const count = images.length;
  const current = Math.min(index, Math.max(count - 1, 0));

  if (count === 0) {
    return (
      <div className="product-gallery">
        <div
          className="product-gallery__frame product-gallery__placeholder"
          role="img"
          aria-label={name}
        >
          <span aria-hidden="true">{name}</span>
        </div>
      </div>
    );
  }

  const show = (next: number) => setIndex(((next % count) + count) % count);
  const openZoom = () => {
    setZoomed(true);
    setZoomUsed(true);
  };
  const previous = () => show(current - 1);
  const following = () => show(current + 1);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      following();
    }
  };

  return (
    <div
      className="product-gallery"
      role="group"
      aria-roledescription="carousel"
      aria-label={t('{name} images', { name })}
      onKeyDown={onKeyDown}
    >
      <div className="product-gallery__frame">
        <img
          src={images[current]}
          alt={t('{name}, image {position} of {count}', { name, position: current + 1, count })}
          width={1200}
          height={1600}
          decoding="async"
          fetchPriority="high"
          onClick={() => openZoom()}
        />
        <button
          type="button"
          className="product-gallery__zoom"
          onClick={() => openZoom()}
          aria-label={t('View image {position} of {count} full screen', {
            position: current + 1,
            count,
          })}
          aria-haspopup="dialog"
        >
          <ZoomIcon />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--prev"
              onClick={previous}
              aria-label={t('Previous image')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--next"
              onClick={following}
              aria-label={t('Next image')}
            >
              <span aria-hidden="true">›</span>
            </button>
            <p className="product-gallery__counter" aria-live="polite">
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="product-gallery__strip" aria-label={t('Choose an image')}>
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className="product-gallery__thumb"
                aria-current={i === current ? 'true' : undefined}
                onClick={() => show(i)}
              >
                <img
                  src={src}
                  alt={t('Show image {position} of {count}', { position: i + 1, count })}
                  width={96}
                  height={128}
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomUsed && (
        <Suspense fallback={null}>
          <ProductImageZoom
            show={zoomed}
            onHide={() => setZoomed(false)}
            images={images}
            name={name}
            index={current}
            onIndexChange={setIndex}
          />
        </Suspense>
      )}
    </div>
  );
}
