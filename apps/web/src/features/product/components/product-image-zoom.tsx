import { useId, type KeyboardEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useI18n } from '../../../i18n/i18n-context';

interface ProductImageZoomProps {
  show: boolean;
  onHide: () => void;
  images: readonly string[];
  name: string;
  index: number;
  onIndexChange: (index: number) => void;
}

/**
 * Issue 39.30: the product's images full screen, whole (not cropped to the 3:4 frame). A modal
 * dialog named for the product: focus moves in, the arrow keys and buttons change the image,
 * Escape and Close shut it, and focus returns to the button that opened it.
 */
export function ProductImageZoom({
  show,
  onHide,
  images,
  name,
  index,
  onIndexChange,
}: ProductImageZoomProps) {
  const { t } = useI18n();
  const titleId = useId();
  const count = images.length;
  const move = (step: number) => onIndexChange((((index + step) % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    // The dialog is a portal: its arrow keys would also reach the gallery's own (Escape must
    // go on to the dialog's listener).
    event.stopPropagation();
    event.preventDefault();
    if (count > 1) move(event.key === 'ArrowLeft' ? -1 : 1);
  };
  return (
    <Modal
      show={show}
      onHide={onHide}
      fullscreen
      aria-labelledby={titleId}
      className="product-zoom"
    >
      <div className="product-zoom__content" onKeyDown={onKeyDown}>
        <Modal.Header closeButton closeLabel={t('Close full-screen view')}>
          <Modal.Title as="h2" id={titleId} className="product-zoom__title">
            {t('{name}, full screen', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="product-zoom__body">
          <img
            src={images[index]}
            alt={t('{name}, image {position} of {count}', { name, position: index + 1, count })}
            className="product-zoom__image"
            decoding="async"
          />
          {count > 1 && (
            <>
              <button
                type="button"
                className="product-gallery__arrow product-gallery__arrow--prev"
                onClick={() => move(-1)}
                aria-label={t('Previous image')}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                type="button"
                className="product-gallery__arrow product-gallery__arrow--next"
                onClick={() => move(1)}
                aria-label={t('Next image')}
              >
                <span aria-hidden="true">›</span>
              </button>
              <p className="product-gallery__counter" aria-live="polite">
                {index + 1} / {count}
              </p>
            </>
          )}
        </Modal.Body>
      </div>
    </Modal>
  );
}
