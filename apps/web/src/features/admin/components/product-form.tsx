import {
  CURRENCIES,
  msg,
  DIMENSION_UNITS,
  DIMENSION_UNIT_LABELS,
  FRENCH_CONTENT_MESSAGES,
  MAX_IMAGE_BYTES,
  PRODUCT_FORM_MESSAGES,
  PRODUCT_TEXT_MAX,
  checkProductImages,
  dropDuplicateImages,
  type ItemDetail,
} from '@marketplace/shared';
import { useRef, useState, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { TextField } from '../../../components/ui/text-field';
import { useI18n } from '../../../i18n/i18n-context';
import type { SaveProductInput } from '../api/save-product';
import { useObjectUrls } from '../hooks/use-object-urls';
import { DUPLICATE_IMAGES } from '../utils/messages';
import {
  CATEGORY_CHOICES,
  DIMENSION_FIELDS,
  emptyProductValues,
  newOptionValues,
  productValuesFrom,
  validateProductValues,
  type OptionErrors,
  type ProblemTarget,
  type ProductFormValues,
  type ProductProblem,
} from '../utils/product-form-values';
import { ProductImagesFieldset, type ChosenImage } from './product-images-fieldset';
import { ProductOptionsFieldset } from './product-options-fieldset';

export const PRODUCT_FORM_ID = 'product-form';
export const SAVE_ERROR_ID = 'product-save-error';
/** The form's one toast: each submit's message takes the place of the last (issue 39.15). */
export const PRODUCT_FORM_TOAST = 'product-form';

/** The box's labels name the unit chosen beside them (issue 39.15). */
const DIMENSION_LABELS = {
  IMPERIAL: {
    width: msg('Width (in)'),
    length: msg('Length (in)'),
    height: msg('Height (in)'),
    weight: msg('Weight (lb)'),
  },
  METRIC: {
    width: msg('Width (cm)'),
    length: msg('Length (cm)'),
    height: msg('Height (cm)'),
    weight: msg('Weight (kg)'),
  },
} as const;

interface ProductFormProps {
  /** The product being edited, or null for a new one. */
  item: ItemDetail | null;
  saving: boolean;
  saveError: string | null;
  onSubmit: (input: SaveProductInput) => void;
  onCancel: () => void;
}

const fieldId = (target: string) => `product-${target.replace(/\./g, '-')}`;

/** Spec 5's product form, inside the Add Product / Edit Product dialog. */
export function ProductForm({ item, saving, saveError, onSubmit, onCancel }: ProductFormProps) {
  const isNew = item === null;
  const { t } = useI18n();
  const { register, control, handleSubmit, setFocus } = useForm<ProductFormValues>({
    defaultValues: item ? productValuesFrom(item) : emptyProductValues(),
  });
  const options = useFieldArray({ control, name: 'itemOptions', keyName: 'key' });
  const unit = useWatch({ control, name: 'dimensions.unit' }) === 'METRIC' ? 'METRIC' : 'IMPERIAL';
  const previews = useObjectUrls();

  const [thumbnail, setThumbnail] = useState<ChosenImage | null>(null);
  const [newImages, setNewImages] = useState<ChosenImage[]>([]);
  const [keptImages, setKeptImages] = useState<string[]>(item?.images ?? []);
  const [imagesTouched, setImagesTouched] = useState(false);
  const [imagesNote, setImagesNote] = useState<string | null>(null);
  const [problems, setProblems] = useState<ProductProblem[]>([]);
  const [optionErrors, setOptionErrors] = useState<OptionErrors>({});

  const addOptionRef = useRef<HTMLButtonElement>(null);
  const thumbnailRef = useRef<HTMLInputElement>(null);
  const imagesRef = useRef<HTMLInputElement>(null);

  const say = ({ message, args }: ProductProblem) =>
    args ? t(args.message, args.values) : t(message);
  const errorFor = (target: ProblemTarget) => {
    const problem = problems.find((p) => p.target === target);
    return problem === undefined ? undefined : say(problem);
  };
  const translated = (errors: OptionErrors): OptionErrors =>
    Object.fromEntries(
      Object.entries(errors).map(([row, fields]) => [
        row,
        Object.fromEntries(
          Object.entries(fields).map(([field, message]) => [field, message && t(message)]),
        ),
      ]),
    );

  const focusProblem = (target: ProblemTarget, errors: OptionErrors) => {
    if (target === 'thumbnail') return thumbnailRef.current?.focus();
    if (target === 'images') return imagesRef.current?.focus();
    if (target === 'itemOptions') {
      const [index, fields] = Object.entries(errors)[0] ?? [];
      const field = fields ? Object.keys(fields)[0] : undefined;
      if (index !== undefined && field) {
        return setFocus(`itemOptions.${Number(index)}.${field}` as Path<ProductFormValues>);
      }
      return addOptionRef.current?.focus();
    }
    setFocus(target);
  };

  /** Every problem beside its field at once; the first (spec 5's order) focused and toasted. */
  const fail = (found: ProductProblem[], errors: OptionErrors = {}) => {
    const first = found[0]!;
    setProblems(found);
    setOptionErrors(errors);
    toast.error(say(first), { replacing: PRODUCT_FORM_TOAST });
    focusProblem(first.target, errors);
  };

  const onValid = (values: ProductFormValues) => {
    const checked = validateProductValues(values);
    const found = checked.ok ? [] : checked.problems;
    // Rules 9–12 (the files) come after the fields, but are shown with them.
    const imageMessage = checkProductImages({
      isNew,
      thumbnail: thumbnail?.file ?? null,
      newImages: newImages.map((image) => image.file),
      keptImageCount: keptImages.length,
      hasExistingThumbnail: Boolean(item?.thumbnail),
    });
    if (imageMessage) {
      const onThumbnail =
        imageMessage === PRODUCT_FORM_MESSAGES.thumbnailRequired ||
        imageMessage === PRODUCT_FORM_MESSAGES.thumbnailType ||
        (imageMessage === PRODUCT_FORM_MESSAGES.imageTooLarge &&
          (thumbnail?.file.size ?? 0) > MAX_IMAGE_BYTES);
      found.push({ target: onThumbnail ? 'thumbnail' : 'images', message: imageMessage });
    }
    if (!checked.ok || found.length > 0) {
      fail(found, checked.ok ? {} : checked.optionErrors);
      return;
    }
    setProblems([]);
    setOptionErrors({});
    onSubmit({
      itemDto: item
        ? {
            ...checked.item,
            id: item.id,
            store: item.store,
            createdAt: item.createdAt,
            updatedAt: item.updatedAt,
            thumbnail: item.thumbnail,
            images: imagesTouched ? keptImages : null,
          }
        : checked.item,
      thumbnail: thumbnail?.file ?? null,
      images: newImages.map((image) => image.file),
    });
  };

  const onThumbnailChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    previews.revoke(thumbnail?.url ?? null);
    setThumbnail({ file, url: previews.create(file) });
  };

  const onImagesChange = (event: ChangeEvent<HTMLInputElement>) => {
    const added = Array.from(event.target.files ?? []);
    // Let the same file be picked again later (after removing it, say).
    event.target.value = '';
    if (added.length === 0) return;
    const unique = dropDuplicateImages(
      newImages.map((image) => image.file),
      added,
    );
    const skipped = added.length - unique.length;
    if (skipped > 0) {
      const note = t(DUPLICATE_IMAGES, { count: skipped });
      setImagesNote(note);
      toast.info(note);
    } else {
      setImagesNote(null);
    }
    setNewImages((current) => [
      ...current,
      ...unique.map((file) => ({ file, url: previews.create(file) })),
    ]);
  };

  const removeNewImage = (index: number) => {
    setNewImages((current) => {
      previews.revoke(current[index]?.url ?? null);
      return current.filter((_, i) => i !== index);
    });
  };

  const removeKeptImage = (url: string) => {
    setImagesTouched(true);
    setKeptImages((current) => current.filter((one) => one !== url));
  };

  const removeOption = (index: number) => {
    options.remove(index);
    // Messages belong to rows by position: after a removal they would point at the wrong row.
    setOptionErrors({});
  };

  const textField = (
    target:
      | 'name'
      | 'price'
      | 'sale'
      | 'description'
      | 'materials'
      | 'care'
      | 'nameFr'
      | 'descriptionFr'
      | 'materialsFr'
      | 'careFr'
      | `dimensions.${(typeof DIMENSION_FIELDS)[number]}`,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      id={fieldId(target)}
      label={label}
      registration={register(target)}
      error={errorFor(target)}
      className="mb-0"
      {...extra}
    />
  );

  return (
    <Form
      noValidate
      id={PRODUCT_FORM_ID}
      aria-label={isNew ? t('Add Product') : t('Edit Product')}
      // Wrapped so handleSubmit is made on submit, not during render (onValid focuses via refs).
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="product-form"
    >
      <Modal.Header closeButton={!saving} closeLabel={t('Close')}>
        <Modal.Title id="product-dialog-title">
          {isNew ? t('Add Product') : t('Edit Product')}
        </Modal.Title>
      </Modal.Header>
      <fieldset disabled={saving} className="product-form__body">
        <Modal.Body>
          <section className="product-form__section" aria-labelledby="product-basics-title">
            <h3 id="product-basics-title" className="product-form__section-title">
              {t('Details')}
            </h3>
            <div className="product-form__grid">
              <div className="product-form__wide">
                {textField('name', t('Name'), { maxLength: 120, autoComplete: 'off' })}
              </div>
              <Form.Group controlId={fieldId('category')}>
                <Form.Label>{t('Category')}</Form.Label>
                <Form.Select
                  {...register('category')}
                  isInvalid={Boolean(errorFor('category'))}
                  aria-invalid={Boolean(errorFor('category')) || undefined}
                >
                  <option value="">{t('Choose a category')}</option>
                  {CATEGORY_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {t(choice.label)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errorFor('category')}</Form.Control.Feedback>
              </Form.Group>
              <div className="product-form__wide">
                {textField('description', t('Description'), {
                  rows: 6,
                  maxLength: PRODUCT_TEXT_MAX.description,
                  describedBy: 'product-description-help',
                })}
                <Form.Text id="product-description-help" className="product-form__help">
                  {t('Plain text; leave a blank line between paragraphs.')}
                </Form.Text>
              </div>
              <div>
                {textField('materials', t('Materials (optional)'), {
                  rows: 2,
                  maxLength: PRODUCT_TEXT_MAX.materials,
                  placeholder: t('e.g. 100% organic cotton'),
                })}
              </div>
              <div>
                {textField('care', t('Care (optional)'), {
                  rows: 2,
                  maxLength: PRODUCT_TEXT_MAX.care,
                  placeholder: t('e.g. Machine wash cold'),
                })}
              </div>
              <div>
                <TextField
                  id={fieldId('tags')}
                  label={t('Tags')}
                  registration={register('tags')}
                  error={errorFor('tags')}
                  describedBy="product-tags-help"
                  placeholder={t('e.g. denim, organic, relaxed')}
                  className="mb-1"
                />
                <Form.Text id="product-tags-help" className="product-form__help">
                  {t('Separate tags with commas.')}
                </Form.Text>
              </div>
              {/* Issue 19: the brand's own French, shown to shoppers reading in French. */}
              <div className="product-form__wide">
                {textField('nameFr', t(FRENCH_CONTENT_MESSAGES.nameLabel), {
                  maxLength: 120,
                  autoComplete: 'off',
                  lang: 'fr-CA',
                  describedBy: 'product-french-help',
                })}
                <Form.Text id="product-french-help" className="product-form__help">
                  {t(FRENCH_CONTENT_MESSAGES.hint)}
                </Form.Text>
              </div>
              <div className="product-form__wide">
                {textField('descriptionFr', t(FRENCH_CONTENT_MESSAGES.descriptionLabel), {
                  rows: 4,
                  maxLength: PRODUCT_TEXT_MAX.description,
                  lang: 'fr-CA',
                })}
              </div>
              <div>
                {textField('materialsFr', t(FRENCH_CONTENT_MESSAGES.materialsLabel), {
                  rows: 2,
                  maxLength: PRODUCT_TEXT_MAX.materials,
                  lang: 'fr-CA',
                })}
              </div>
              <div>
                {textField('careFr', t(FRENCH_CONTENT_MESSAGES.careLabel), {
                  rows: 2,
                  maxLength: PRODUCT_TEXT_MAX.care,
                  lang: 'fr-CA',
                })}
              </div>
            </div>
          </section>

          <section className="product-form__section" aria-labelledby="product-price-title">
            <h3 id="product-price-title" className="product-form__section-title">
              {t('Pricing')}
            </h3>
            <div className="product-form__grid product-form__grid--3">
              {textField('price', t('Price'), {
                type: 'number',
                inputMode: 'decimal',
                step: 0.01,
                min: 0,
              })}
              {textField('sale', t('Sale (%)'), {
                type: 'number',
                inputMode: 'decimal',
                step: 0.01,
                min: 0,
              })}
              <Form.Group controlId={fieldId('currency')}>
                <Form.Label>{t('Currency')}</Form.Label>
                <Form.Select
                  {...register('currency')}
                  isInvalid={Boolean(errorFor('currency'))}
                  aria-invalid={Boolean(errorFor('currency')) || undefined}
                >
                  {CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errorFor('currency')}</Form.Control.Feedback>
              </Form.Group>
            </div>
            <Form.Check
              type="checkbox"
              id={fieldId('available')}
              label={t('Available to shoppers')}
              className="mt-3"
              {...register('isAvailable')}
            />
          </section>

          <section className="product-form__section" aria-labelledby="product-box-title">
            <h3 id="product-box-title" className="product-form__section-title">
              {t('Delivery box')}
            </h3>
            <div className="product-form__grid product-form__grid--5">
              {DIMENSION_FIELDS.map((field) => (
                <div key={field}>
                  {textField(`dimensions.${field}`, t(DIMENSION_LABELS[unit][field]), {
                    type: 'number',
                    inputMode: 'decimal',
                    step: 0.01,
                    min: 0,
                  })}
                </div>
              ))}
              <Form.Group controlId={fieldId('dimensions.unit')}>
                <Form.Label>{t('Unit')}</Form.Label>
                <Form.Select {...register('dimensions.unit')}>
                  {DIMENSION_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {t(DIMENSION_UNIT_LABELS[unit])}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </div>
          </section>

          <ProductOptionsFieldset
            fields={options.fields}
            register={register}
            onAdd={() => options.append(newOptionValues())}
            onRemove={removeOption}
            addButtonRef={addOptionRef}
            message={errorFor('itemOptions')}
            optionErrors={translated(optionErrors)}
          />

          <ProductImagesFieldset
            existingThumbnail={item?.thumbnail ?? null}
            productName={item?.name ?? ''}
            thumbnail={thumbnail}
            newImages={newImages}
            keptImages={keptImages}
            thumbnailError={errorFor('thumbnail')}
            imagesError={errorFor('images')}
            imagesNote={imagesNote}
            thumbnailRef={thumbnailRef}
            imagesRef={imagesRef}
            onThumbnailChange={onThumbnailChange}
            onImagesChange={onImagesChange}
            onRemoveNewImage={removeNewImage}
            onRemoveKeptImage={removeKeptImage}
          />

          {saveError ? (
            <Alert variant="danger" id={SAVE_ERROR_ID} role="alert" className="mb-0 mt-3 py-2">
              {t(saveError)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-primary" onClick={onCancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? t('Saving...') : isNew ? t('Create Product') : t('Save Changes')}
          </Button>
        </Modal.Footer>
      </fieldset>
    </Form>
  );
}
