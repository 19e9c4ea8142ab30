import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Modal from 'react-bootstrap/Modal';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n-context';
import { loadTranslator } from '../../../i18n/catalogs';
import type { SaveProductInput } from '../api/save-product';
import { product } from '../testing/admin-api';
import { ProductForm } from './product-form';

// Issue 19 item 4: the seller writes the product's name, description and materials in French too.

async function renderForm(item: Parameters<typeof ProductForm>[0]['item'], locale?: 'fr-CA') {
  const onSubmit = vi.fn<(input: SaveProductInput) => void>();
  const form = (
    <Modal show onHide={() => {}}>
      <ProductForm
        item={item}
        saving={false}
        saveError={null}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />
    </Modal>
  );
  const { unmount } = render(
    locale ? <I18nProvider translator={await loadTranslator(locale)}>{form}</I18nProvider> : form,
  );
  return { onSubmit, unmount, user: userEvent.setup() };
}

describe('the product form’s French fields', () => {
  it('edits the French texts beside the English ones and sends them', async () => {
    const { onSubmit, user } = await renderForm(
      product({ nameFr: 'Veste Harbour', descriptionFr: null, materialsFr: 'Coton ciré' }),
    );
    expect(screen.getByLabelText('Name (French)')).toHaveValue('Veste Harbour');
    expect(screen.getByLabelText('Name (French)')).toHaveAttribute('lang', 'fr-CA');
    expect(screen.getByLabelText('Description (French)')).toHaveValue('');
    expect(screen.getByLabelText('Materials (French)')).toHaveValue('Coton ciré');

    await user.type(screen.getByLabelText('Description (French)'), 'Coton ciré, doublé.');
    await user.clear(screen.getByLabelText('Materials (French)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].itemDto).toMatchObject({
      name: 'Harbour Jacket',
      nameFr: 'Veste Harbour',
      descriptionFr: 'Coton ciré, doublé.',
      // Emptied: none, and shoppers reading French see the English materials.
      materialsFr: null,
    });
  });

  it('edits the care text in French too and sends it (issue 39 item 12)', async () => {
    const { onSubmit, user } = await renderForm(product({ care: 'Hand wash.', careFr: null }));
    expect(screen.getByLabelText('Care (French)')).toHaveValue('');
    expect(screen.getByLabelText('Care (French)')).toHaveAttribute('lang', 'fr-CA');
    await user.type(screen.getByLabelText('Care (French)'), 'Laver à la main.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit.mock.calls[0]![0].itemDto).toMatchObject({
      care: 'Hand wash.',
      careFr: 'Laver à la main.',
    });
  });

  it('holds the French name to the English name’s rules', async () => {
    const { onSubmit, user } = await renderForm(product());
    await user.type(screen.getByLabelText('Name (French)'), 'Veste\u200b Harbour');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      screen.getAllByText('Name (French): remove invisible or control characters.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('Name (French)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('labels the French fields in French on a French page', async () => {
    await renderForm(null, 'fr-CA');
    expect(screen.getByLabelText('Nom (français)')).toBeInTheDocument();
    expect(screen.getByLabelText('Description (français)')).toBeInTheDocument();
    expect(screen.getByLabelText('Matières (français)')).toBeInTheDocument();
    expect(screen.getByLabelText('Entretien (français)')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Facultatif. Les clients qui lisent en français le voient; l’anglais est affiché s’il est vide.',
      ),
    ).toBeInTheDocument();
  });

  it('names the units in the page’s language, keeping spec 5’s words in English', async () => {
    const options = () =>
      Array.from((screen.getByLabelText(/^Unit/) as HTMLSelectElement).options, (option) => [
        option.value,
        option.textContent,
      ]);
    const english = await renderForm(null);
    expect(options()).toEqual([
      ['IMPERIAL', 'IMPERIAL'],
      ['METRIC', 'METRIC'],
    ]);
    english.unmount();
    await renderForm(null, 'fr-CA');
    expect(options()).toEqual([
      ['IMPERIAL', 'Impérial'],
      ['METRIC', 'Métrique'],
    ]);
  });

  it('says which tag is too short in French, the tag as typed', async () => {
    const { onSubmit, user } = await renderForm(product(), 'fr-CA');
    await user.clear(screen.getByLabelText('Mots-clés'));
    await user.type(screen.getByLabelText('Mots-clés'), 'denim, x');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(
      screen.getAllByText('Chaque mot-clé doit compter de 2 à 32 caractères. En cause : « x ».')
        .length,
    ).toBeGreaterThan(0);
  });
});
