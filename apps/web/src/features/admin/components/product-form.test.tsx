import { PRODUCT_FORM_MESSAGES as M, MAX_IMAGE_BYTES, type ItemDetail } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/render';
import {
  STORE_NAME,
  adminApi,
  deferred,
  expectInlineAndToast,
  product,
  renderAdmin,
  sentForm,
} from '../testing/admin-api';
import {
  SAVE_PRODUCT_FAILED,
  duplicateImagesMessage,
  productCreatedMessage,
  productSavedMessage,
} from '../utils/messages';

type User = ReturnType<typeof userEvent.setup>;
type Scope = ReturnType<typeof within>;

// user-event honours `accept` by default; a shopper's file picker can still hand over any file.
const anyFile = () => userEvent.setup({ applyAccept: false });

const png = (name: string, lastModified = 1_000) =>
  new File(['png-bytes'], name, { type: 'image/png', lastModified });

async function openAddDialog(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return screen.findByRole('dialog', { name: 'Add Product' });
}

/** Issue 39.15: an option's price is an override, empty when there is none. */
const OPTION_PRICE = 'Override price (optional)';

/** The product's own field (option rows repeat labels like Sale). */
const main = (d: Scope, label: string) => d.getAllByLabelText(label)[0]!;

async function retype(user: User, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) await user.type(input, value);
}

/** A product that passes every rule, with one option and (unless told) a thumbnail. */
async function fillValid(
  user: User,
  dialog: HTMLElement,
  { thumbnail = png('front.png') as File | null } = {},
) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Name'), 'Raw Selvedge Jean');
  await user.selectOptions(d.getByLabelText('Category'), 'men');
  await user.type(d.getByLabelText('Tags'), 'denim, raw , , selvedge');
  await user.type(main(d, 'Price'), '120');
  await retype(user, main(d, 'Sale (%)'), '15');
  await user.type(d.getByLabelText('Width (in)'), '12');
  await user.type(d.getByLabelText('Length (in)'), '16');
  await user.type(d.getByLabelText('Height (in)'), '4');
  await user.type(d.getByLabelText('Weight (lb)'), '3');
  await user.click(d.getByRole('button', { name: 'Add option' }));
  const option = within(d.getByRole('group', { name: 'Option 1' }));
  await user.selectOptions(option.getByLabelText('Colour'), 'RED');
  await user.selectOptions(option.getByLabelText('Size'), 'M');
  await retype(user, option.getByLabelText(OPTION_PRICE), '125.5');
  await retype(user, option.getByLabelText('Count'), '3');
  if (thumbnail) await anyFile().upload(d.getByLabelText('Thumbnail'), thumbnail);
}

const VALID_DTO = {
  name: 'Raw Selvedge Jean',
  description: '',
  materials: '',
  care: '',
  nameFr: null,
  descriptionFr: null,
  materialsFr: null,
  careFr: null,
  price: 120,
  sale: 15,
  currency: 'CAD',
  category: 'men',
  tags: ['denim', 'raw', 'selvedge'],
  dimensions: { width: 12, length: 16, height: 4, weight: 3, unit: 'IMPERIAL' },
  itemOptions: [{ color: 'RED', size: 'M', price: 125.5, sale: 0, count: 3, isAvailable: true }],
  isAvailable: false,
};

const submitNew = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

describe('product form: spec 5 rules', () => {
  it('a new product starts with the spec defaults and a Create Product button', async () => {
    adminApi();
    const { user } = renderAdmin('products');
    const d = within(await openAddDialog(user));
    expect(d.getByLabelText('Currency')).toHaveValue('CAD');
    expect(d.getByLabelText('Unit')).toHaveValue('IMPERIAL');
    expect(d.getByLabelText('Available to shoppers')).not.toBeChecked();
    expect(d.getByLabelText('Sale (%)')).toHaveValue(0);
    expect(d.getByLabelText('Sale (%)')).toHaveAttribute('step', '0.01');
    expect(d.getByLabelText('Price')).toHaveAttribute('step', '0.01');
    expect(
      within(d.getByLabelText('Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a category', 'Men', 'Women', 'Kids']);
    expect(d.getByRole('button', { name: 'Create Product' })).toBeEnabled();

    await user.click(d.getByRole('button', { name: 'Add option' }));
    const option = within(d.getByRole('group', { name: 'Option 1' }));
    expect(option.getByLabelText('Count')).toHaveValue(1);
    expect(option.getByLabelText('Count')).toHaveAttribute('step', '1');
    // Issue 39.15: no override is an empty field, not a "0" that looks like a price.
    expect(option.getByLabelText(OPTION_PRICE)).toHaveValue(null);
    expect(option.getByLabelText(OPTION_PRICE)).toHaveAccessibleDescription(
      "Leave Override price empty to sell an option at the product's price.",
    );
    expect(option.getByLabelText('Sale (%)')).toHaveValue(0);
    expect(option.getByLabelText('Available')).toBeChecked();
    await user.click(option.getByRole('button', { name: 'Remove option 1' }));
    expect(d.queryByRole('group', { name: 'Option 1' })).not.toBeInTheDocument();
  });

  const scenarios: {
    rule: string;
    message: string;
    /** The control the message describes. */
    field: (d: Scope) => HTMLElement;
    change: (user: User, d: Scope) => Promise<void>;
    thumbnail?: File | null;
  }[] = [
    {
      rule: 'name required',
      message: M.nameRequired,
      field: (d) => d.getByLabelText('Name'),
      change: (user, d) => retype(user, d.getByLabelText('Name'), '   '),
    },
    {
      rule: 'minimum price',
      message: M.priceMin,
      field: (d) => main(d, 'Price'),
      change: (user, d) => retype(user, main(d, 'Price'), '14.99'),
    },
    {
      rule: 'tag length',
      message: M.tagLength('x'),
      field: (d) => d.getByLabelText('Tags'),
      change: (user, d) => retype(user, d.getByLabelText('Tags'), 'denim, x'),
    },
    {
      rule: 'at most 10 tags',
      message: M.tooManyTags,
      field: (d) => d.getByLabelText('Tags'),
      change: (user, d) =>
        retype(user, d.getByLabelText('Tags'), 'aa,bb,cc,dd,ee,ff,gg,hh,ii,jj,kk'),
    },
    {
      rule: 'dimensions are numbers',
      message: M.dimensionsNumbers,
      field: (d) => d.getByLabelText('Weight (lb)'),
      change: (user, d) => retype(user, d.getByLabelText('Weight (lb)'), ''),
    },
    {
      rule: 'width range',
      message: M.dimensionRange('Width'),
      field: (d) => d.getByLabelText('Width (in)'),
      change: (user, d) => retype(user, d.getByLabelText('Width (in)'), '1'),
    },
    {
      rule: 'weight range',
      message: M.weightRange,
      field: (d) => d.getByLabelText('Weight (lb)'),
      change: (user, d) => retype(user, d.getByLabelText('Weight (lb)'), '250'),
    },
    {
      rule: 'at least one option',
      message: M.optionRequired,
      field: (d) => d.getByRole('region', { name: 'Item options' }),
      change: (user, d) => user.click(d.getByRole('button', { name: 'Remove option 1' })),
    },
    {
      rule: 'thumbnail required',
      message: M.thumbnailRequired,
      field: (d) => d.getByLabelText('Thumbnail'),
      change: async () => undefined,
      thumbnail: null,
    },
    {
      rule: 'thumbnail type',
      message: M.thumbnailType,
      field: (d) => d.getByLabelText('Thumbnail'),
      change: async () => undefined,
      thumbnail: new File(['%PDF'], 'lookbook.pdf', { type: 'application/pdf' }),
    },
    {
      rule: 'image types',
      message: M.imagesType,
      field: (d) => d.getByLabelText('Images'),
      change: (_user, d) =>
        anyFile().upload(d.getByLabelText('Images'), [
          png('side.png'),
          new File(['text'], 'notes.txt', { type: 'text/plain' }),
        ]),
    },
    {
      rule: 'image size',
      message: M.imageTooLarge,
      field: (d) => d.getByLabelText('Images'),
      change: (_user, d) =>
        anyFile().upload(
          d.getByLabelText('Images'),
          new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', { type: 'image/png' }),
        ),
    },
  ];

  it.each(scenarios)(
    '$rule: "$message" inline and as a toast; nothing is sent',
    async ({ message, field, change, thumbnail }) => {
      const api = adminApi();
      const { user } = renderAdmin('products');
      const dialog = await openAddDialog(user);
      const d = within(dialog);
      await fillValid(user, dialog, thumbnail === undefined ? {} : { thumbnail });
      await change(user, d);
      await submitNew(user, dialog);

      await waitFor(() => expectInlineAndToast(dialog, message));
      expect(field(d)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(api.writes()).toEqual([]);
    },
  );

  it('option fields: each message next to its field, one toast for the options', async () => {
    const api = adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await user.click(d.getByRole('button', { name: 'Add option' }));
    const second = within(d.getByRole('group', { name: 'Option 2' }));
    await retype(user, second.getByLabelText(OPTION_PRICE), '-1');
    await retype(user, second.getByLabelText('Count'), '1.5');
    await submitNew(user, dialog);

    await waitFor(() => expectInlineAndToast(dialog, M.optionsIncomplete));
    expect(second.getByLabelText('Colour')).toHaveAccessibleDescription(M.optionColor);
    expect(second.getByLabelText('Size')).toHaveAccessibleDescription(M.optionSize);
    expect(second.getByLabelText(OPTION_PRICE)).toHaveAccessibleDescription(M.optionPrice);
    expect(second.getByLabelText('Count')).toHaveAccessibleDescription(M.optionCount);
    const first = within(d.getByRole('group', { name: 'Option 1' }));
    expect(first.getByLabelText('Colour')).not.toHaveAttribute('aria-invalid');
    expect(second.getByLabelText('Colour')).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('shows every problem at once beside its field, focuses the first, one toast (issue 13 item 14)', async () => {
    const api = adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog, { thumbnail: null });
    await retype(user, d.getByLabelText('Name'), '');
    await retype(user, d.getByLabelText('Tags'), 'denim, x');
    await retype(user, d.getByLabelText('Width (in)'), '1');
    await retype(user, d.getByLabelText('Height (in)'), '250');
    await retype(user, d.getByLabelText('Weight (lb)'), '');
    await user.click(d.getByRole('button', { name: 'Add option' }));
    await submitNew(user, dialog);

    await waitFor(() => expectInlineAndToast(dialog, M.nameRequired));
    expect(d.getByLabelText('Name')).toHaveFocus();
    expect(d.getByLabelText('Tags')).toHaveAccessibleDescription(
      expect.stringContaining(M.tagLength('x')),
    );
    // Each dimension its own message: out of range, or not a number.
    expect(d.getByLabelText('Width (in)')).toHaveAccessibleDescription(M.dimensionRange('Width'));
    expect(d.getByLabelText('Height (in)')).toHaveAccessibleDescription(M.dimensionRange('Height'));
    expect(d.getByLabelText('Weight (lb)')).toHaveAccessibleDescription(M.dimensionsNumbers);
    expect(d.getByLabelText('Length (in)')).not.toHaveAttribute('aria-invalid');
    expect(d.getByText(M.optionsIncomplete)).toBeInTheDocument();
    const second = within(d.getByRole('group', { name: 'Option 2' }));
    expect(second.getByLabelText('Colour')).toHaveAccessibleDescription(M.optionColor);
    expect(d.getByLabelText('Thumbnail')).toHaveAccessibleDescription(
      expect.stringContaining(M.thumbnailRequired),
    );
    expect(document.querySelectorAll('.Toastify__toast')).toHaveLength(1);
    expect(api.writes()).toEqual([]);
  });

  it('names rule 5 before rule 6 in the toast, and focuses that field', async () => {
    adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await retype(user, d.getByLabelText('Width (in)'), '500');
    await retype(user, d.getByLabelText('Weight (lb)'), '');
    await submitNew(user, dialog);

    await waitFor(() => expectInlineAndToast(dialog, M.dimensionsNumbers));
    expect(d.getByLabelText('Weight (lb)')).toHaveFocus();
    expect(d.getByLabelText('Width (in)')).toHaveAccessibleDescription(M.dimensionRange('Width'));
  });

  it('refuses two options with the same colour and size (issue 13 item 13)', async () => {
    const api = adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await user.click(d.getByRole('button', { name: 'Add option' }));
    const second = within(d.getByRole('group', { name: 'Option 2' }));
    await user.selectOptions(second.getByLabelText('Colour'), 'RED');
    await user.selectOptions(second.getByLabelText('Size'), 'M');
    await submitNew(user, dialog);

    await waitFor(() => expectInlineAndToast(dialog, M.optionsDuplicate));
    expect(second.getByLabelText('Size')).toHaveAccessibleDescription(M.optionDuplicate);
    expect(second.getByLabelText('Size')).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('offers every colour and size system, with readable names', async () => {
    adminApi();
    const { user } = renderAdmin('products');
    const d = within(await openAddDialog(user));
    await user.click(d.getByRole('button', { name: 'Add option' }));
    const option = within(d.getByRole('group', { name: 'Option 1' }));
    const colours = within(option.getByLabelText('Colour'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(colours).toEqual(expect.arrayContaining(['Black', 'Navy', 'Beige', 'Multi', 'Red']));
    const sizes = option.getByLabelText('Size');
    expect(within(sizes).getByRole('option', { name: 'W32' })).toHaveValue('32');
    expect(within(sizes).getByRole('option', { name: 'US 9.5' })).toHaveValue('9.5');
    expect(within(sizes).getByRole('option', { name: 'One size' })).toHaveValue('ONE SIZE');
  });

  it('drops a duplicate image (same name, size and date) and says so', async () => {
    const api = adminApi({
      extra: (method) => (method === 'POST' ? jsonResponse(201, product({ id: 99 })) : undefined),
    });
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await anyFile().upload(d.getByLabelText('Images'), png('side.png'));
    await anyFile().upload(d.getByLabelText('Images'), [png('side.png'), png('back.png')]);

    const message = duplicateImagesMessage(1);
    await waitFor(() => expectInlineAndToast(dialog, message));
    const tiles = within(d.getByRole('list', { name: 'Product images' }));
    expect(tiles.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'New image side.png',
      'New image back.png',
    ]);
    expect(api.writes()).toEqual([]);

    await submitNew(user, dialog);
    await waitFor(() => expect(api.writes()).toEqual(['POST /api/item']));
    const images = sentForm(api.fetchMock, 'POST').getAll('images') as File[];
    expect(images.map((file) => file.name)).toEqual(['side.png', 'back.png']);
  });
});

describe('product form: issue 39.15', () => {
  it('placeholders are examples ("e.g. …"), never values that look typed', async () => {
    adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const placeholders = Array.from(
      dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[placeholder]'),
    ).map((field) => field.placeholder);
    expect(placeholders).toEqual([
      'e.g. 100% organic cotton',
      'e.g. Machine wash cold',
      'e.g. denim, organic, relaxed',
    ]);
  });

  it('one toast: a second submit replaces the first toast instead of stacking', async () => {
    adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await retype(user, d.getByLabelText('Width (in)'), '500');
    await submitNew(user, dialog);
    await waitFor(() => expectInlineAndToast(dialog, M.dimensionRange('Width')));
    await retype(user, d.getByLabelText('Width (in)'), '12');
    await retype(user, d.getByLabelText('Name'), '');
    await submitNew(user, dialog);
    // A replaced toast plays its exit (data-in="false") while the new one is shown.
    const shown = () =>
      Array.from(document.querySelectorAll('.Toastify__toast[data-in="true"]')).map(
        (toast) => toast.textContent,
      );
    await waitFor(() => expect(shown()).toEqual([M.nameRequired]));
    await submitNew(user, dialog);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(shown()).toEqual([M.nameRequired]);
  });

  it('a METRIC box: labels in cm and kg, and the toast names the field and its range in cm', async () => {
    const api = adminApi();
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await user.selectOptions(d.getByLabelText('Unit'), 'METRIC');
    expect(d.getByLabelText('Width (cm)')).toHaveValue(12);
    expect(d.getByLabelText('Weight (kg)')).toHaveValue(3);
    await retype(user, d.getByLabelText('Width (cm)'), '600');
    await submitNew(user, dialog);
    await waitFor(() => expectInlineAndToast(dialog, 'Width must be between 5.08 and 508 cm.'));
    expect(d.getByLabelText('Width (cm)')).toHaveFocus();
    expect(api.writes()).toEqual([]);
    // 300 cm is within spec 5's 200 in: the product is sent (its 4 cm height was too low).
    await retype(user, d.getByLabelText('Width (cm)'), '300');
    await retype(user, d.getByLabelText('Height (cm)'), '10');
    await submitNew(user, dialog);
    await waitFor(() => expect(api.writes()).toEqual(['POST /api/item']));
  });

  it('an option without an override shows an empty price, and empty is sent as no override (0)', async () => {
    const item = product({
      itemOptions: [
        { id: 71, color: 'BLUE', size: 'M', price: 0, sale: 0, count: 4, isAvailable: true },
        { id: 72, color: 'RED', size: 'L', price: 195, sale: 0, count: 2, isAvailable: true },
      ],
    });
    const api = adminApi({
      items: [item],
      extra: (method, path) =>
        method === 'PUT' && path === '/item' ? jsonResponse(200, item) : undefined,
    });
    const { user } = renderAdmin('products');
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour Jacket' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    const first = within(d.getByRole('group', { name: 'Option 1' }));
    const second = within(d.getByRole('group', { name: 'Option 2' }));
    expect(first.getByLabelText(OPTION_PRICE)).toHaveValue(null);
    expect(second.getByLabelText(OPTION_PRICE)).toHaveValue(195);
    await user.clear(second.getByLabelText(OPTION_PRICE));
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.writes()).toEqual(['PUT /api/item']));
    const sent = JSON.parse(String(sentForm(api.fetchMock, 'PUT').get('itemDto'))) as ItemDetail;
    expect(sent.itemOptions.map((option) => option.price)).toEqual([0, 0]);
  });
});

describe('product form: saving', () => {
  it('sends a new product as FormData to POST /api/item, shows Saving... and reloads the list', async () => {
    const response = deferred<Response>();
    const api = adminApi({
      extra: (method, path) =>
        method === 'POST' && path === '/item' ? response.promise : undefined,
    });
    const { user } = renderAdmin('products');
    await screen.findByRole('button', { name: 'Edit Harbour Jacket' });
    const dialog = await openAddDialog(user);
    const d = within(dialog);
    await fillValid(user, dialog);
    await anyFile().upload(d.getByLabelText('Images'), [png('side.png'), png('back.png')]);
    await submitNew(user, dialog);

    const saving = await d.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(d.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();

    const form = sentForm(api.fetchMock, 'POST');
    expect(JSON.parse(String(form.get('itemDto')))).toEqual(VALID_DTO);
    expect((form.get('thumbnail') as File).name).toBe('front.png');
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['side.png', 'back.png']);

    const created = product({ id: 99, name: VALID_DTO.name, store: STORE_NAME });
    const listsBefore = api.listRequests().length;
    api.state.items = [...api.state.items, created];
    response.resolve(jsonResponse(201, created));

    expect(await screen.findByText(productCreatedMessage(VALID_DTO.name))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument(),
    );
    expect(
      await screen.findByRole('button', { name: `Edit ${VALID_DTO.name}` }),
    ).toBeInTheDocument();
    expect(api.listRequests().length).toBeGreaterThan(listsBefore);
  });

  it('edits a product: Edit Product, Save Changes, PUT with the full product and kept images', async () => {
    const item = product({ description: 'Waxed cotton.\n\nFully lined.', materials: 'Cotton' });
    const api = adminApi({
      items: [item],
      extra: (method, path) =>
        method === 'PUT' && path === '/item'
          ? jsonResponse(200, { ...item, price: 200 } satisfies ItemDetail)
          : undefined,
    });
    const { user } = renderAdmin('products');
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour Jacket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const d = within(dialog);
    expect(d.getByLabelText('Name')).toHaveValue('Harbour Jacket');
    expect(d.getByLabelText('Tags')).toHaveValue('denim, outerwear');
    expect(d.getByLabelText('Description')).toHaveValue('Waxed cotton.\n\nFully lined.');
    expect(d.getByLabelText('Available to shoppers')).toBeChecked();
    expect(d.queryByRole('button', { name: 'Create Product' })).not.toBeInTheDocument();

    await retype(user, main(d, 'Price'), '200');
    await user.click(d.getByRole('button', { name: 'Remove image 1' }));
    expect(d.queryByRole('img', { name: 'Harbour Jacket image 2' })).not.toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(productSavedMessage('Harbour Jacket'))).toBeInTheDocument();
    const form = sentForm(api.fetchMock, 'PUT');
    expect(JSON.parse(String(form.get('itemDto')))).toEqual({
      id: 7,
      store: STORE_NAME,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      thumbnail: item.thumbnail,
      images: ['/uploads/jacket-2.webp'],
      name: 'Harbour Jacket',
      description: 'Waxed cotton.\n\nFully lined.',
      materials: 'Cotton',
      care: '',
      nameFr: null,
      descriptionFr: null,
      materialsFr: null,
      careFr: null,
      price: 200,
      sale: 10,
      currency: 'CAD',
      category: 'men',
      tags: ['denim', 'outerwear'],
      isAvailable: true,
      dimensions: item.dimensions,
      itemOptions: item.itemOptions,
    });
    expect(form.get('thumbnail')).toBeNull();
    expect(form.getAll('images')).toEqual([]);
  });

  it('sends images: null on edit when the images were not touched', async () => {
    const api = adminApi({
      extra: (method) => (method === 'PUT' ? jsonResponse(200, product()) : undefined),
    });
    const { user } = renderAdmin('products');
    await user.click(await screen.findByRole('button', { name: 'Edit Harbour Jacket' }));
    const d = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.writes()).toEqual(['PUT /api/item']));
    expect(JSON.parse(String(sentForm(api.fetchMock, 'PUT').get('itemDto')))).toMatchObject({
      id: 7,
      images: null,
    });
  });

  it.each([
    {
      what: "the API's JSON message",
      answer: () => jsonResponse(413, { message: M.uploadTooLarge }),
      message: M.uploadTooLarge,
    },
    {
      what: 'a text body',
      answer: () =>
        new Response('Image service unavailable', {
          status: 502,
          headers: { 'content-type': 'text/plain' },
        }),
      message: 'Image service unavailable',
    },
    {
      what: 'the fallback when the error says nothing',
      answer: () => Promise.reject(new TypeError('')),
      message: SAVE_PRODUCT_FAILED,
    },
  ])('a save failure shows $what inline and as a toast', async ({ answer, message }) => {
    adminApi({ extra: (method) => (method === 'POST' ? answer() : undefined) });
    const { user } = renderAdmin('products');
    const dialog = await openAddDialog(user);
    await fillValid(user, dialog);
    await submitNew(user, dialog);

    await waitFor(() => expectInlineAndToast(dialog, message));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Create Product' })).toBeEnabled();
  });
});
