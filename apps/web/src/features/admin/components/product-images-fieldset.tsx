import { ALLOWED_IMAGE_TYPES, MAX_PHOTOS_PER_PRODUCT } from '@marketplace/shared';
import type { ChangeEvent, RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useI18n } from '../../../i18n/i18n-context';

export interface ChosenImage {
  file: File;
  /** An object URL for the preview, or null where the browser cannot make one. */
  url: string | null;
}

const ACCEPTED_IMAGES = ALLOWED_IMAGE_TYPES.join(',');
const PREVIEW = { width: 72, height: 96 } as const;

function Preview({ src, alt }: { src: string | null; alt: string }) {
  return src ? (
    <img src={src} alt={alt} {...PREVIEW} className="image-tile__img" />
  ) : (
    <span className="image-tile__img image-tile__img--empty" aria-hidden="true" />
  );
}

interface ProductImagesFieldsetProps {
  existingThumbnail: string | null;
  productName: string;
  thumbnail: ChosenImage | null;
  newImages: ChosenImage[];
  keptImages: string[];
  thumbnailError: string | undefined;
  imagesError: string | undefined;
  imagesNote: string | null;
  thumbnailRef: RefObject<HTMLInputElement | null>;
  imagesRef: RefObject<HTMLInputElement | null>;
  onThumbnailChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onImagesChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemoveNewImage: (index: number) => void;
  onRemoveKeptImage: (url: string) => void;
}

/** Spec 5 rules 9–12: the thumbnail, the product's photos kept on edit, and the ones added. */
export function ProductImagesFieldset({
  existingThumbnail,
  productName,
  thumbnail,
  newImages,
  keptImages,
  thumbnailError,
  imagesError,
  imagesNote,
  thumbnailRef,
  imagesRef,
  onThumbnailChange,
  onImagesChange,
  onRemoveNewImage,
  onRemoveKeptImage,
}: ProductImagesFieldsetProps) {
  const { t } = useI18n();
  return (
    <section className="product-form__section" aria-labelledby="product-images-title">
      <h3 id="product-images-title" className="product-form__section-title">
        {t('Photos')}
      </h3>
      <div className="product-form__grid">
        <Form.Group controlId="product-thumbnail">
          <Form.Label>{t('Thumbnail')}</Form.Label>
          <Form.Control
            ref={thumbnailRef}
            type="file"
            accept={ACCEPTED_IMAGES}
            onChange={onThumbnailChange}
            isInvalid={Boolean(thumbnailError)}
            aria-invalid={Boolean(thumbnailError) || undefined}
            aria-describedby={thumbnailError ? 'product-thumbnail-error' : undefined}
          />
          {thumbnailError ? (
            <Form.Control.Feedback type="invalid" id="product-thumbnail-error">
              {thumbnailError}
            </Form.Control.Feedback>
          ) : null}
          {thumbnail || existingThumbnail ? (
            <figure className="image-tile image-tile--single">
              <Preview
                src={thumbnail ? thumbnail.url : existingThumbnail}
                alt={
                  thumbnail
                    ? t('New thumbnail {file}', { file: thumbnail.file.name })
                    : t('{name} thumbnail', { name: productName })
                }
              />
              <figcaption>{thumbnail ? thumbnail.file.name : t('Current thumbnail')}</figcaption>
            </figure>
          ) : null}
        </Form.Group>

        <Form.Group controlId="product-images">
          <Form.Label>{t('Images')}</Form.Label>
          <Form.Control
            ref={imagesRef}
            type="file"
            multiple
            accept={ACCEPTED_IMAGES}
            onChange={onImagesChange}
            isInvalid={Boolean(imagesError)}
            aria-invalid={Boolean(imagesError) || undefined}
            aria-describedby={
              [imagesError ? 'product-images-error' : '', 'product-images-help']
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {imagesError ? (
            <Form.Control.Feedback type="invalid" id="product-images-error">
              {imagesError}
            </Form.Control.Feedback>
          ) : null}
          <Form.Text id="product-images-help" className="product-form__help">
            {t('Up to {count} photos: JPG, PNG, WEBP or GIF.', { count: MAX_PHOTOS_PER_PRODUCT })}
          </Form.Text>
          {imagesNote ? (
            <p className="product-form__note" role="status">
              {imagesNote}
            </p>
          ) : null}
        </Form.Group>
      </div>

      {keptImages.length > 0 || newImages.length > 0 ? (
        <ul className="image-tiles" aria-label={t('Product images')}>
          {keptImages.map((url, index) => (
            <li key={url} className="image-tile">
              <Preview
                src={url}
                alt={t('{name} image {number}', { name: productName, number: index + 1 })}
              />
              <Button
                variant="link"
                size="sm"
                onClick={() => onRemoveKeptImage(url)}
                aria-label={t('Remove image {number}', { number: index + 1 })}
              >
                {t('Remove')}
              </Button>
            </li>
          ))}
          {newImages.map((image, index) => (
            <li
              key={`${image.file.name}-${image.file.lastModified}-${index}`}
              className="image-tile"
            >
              <Preview src={image.url} alt={t('New image {file}', { file: image.file.name })} />
              <span className="image-tile__name">{image.file.name}</span>
              <Button
                variant="link"
                size="sm"
                onClick={() => onRemoveNewImage(index)}
                aria-label={t('Remove {file}', { file: image.file.name })}
              >
                {t('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
