import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { DiscoverSection } from './discover-section';
import { ExploreSection } from './explore-section';
import { HeroCarousel } from './hero-carousel';

function HomeSections() {
  return (
    <>
      <HeroCarousel />
      <DiscoverSection />
      <ExploreSection />
    </>
  );
}

describe('Home page in French', () => {
  it('writes the hero, the city’s strip and the tiles in Canadian French', async () => {
    mockFetch(() => jsonResponse(200, [], { 'X-Total-Count': '0' }));
    await renderInFrench(<HomeSections />);

    expect(
      await screen.findByRole('heading', { name: 'DÉCOUVREZ LES MARQUES LOCALES DE VANCOUVER' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Les marques de Vancouver n’ont encore aucun produit en vente.'),
    ).toBeInTheDocument();

    const hero = screen.getByRole('region', { name: 'Collections en vedette' });
    expect(within(hero).getByRole('heading', { name: 'Fabriqué près de chez vous' })).toBeVisible();
    expect(within(hero).getAllByRole('link', { name: 'Homme' })[0]).toHaveAttribute(
      'href',
      '/products?category=men',
    );
    expect(within(hero).getByRole('button', { name: 'Diapositive suivante' })).toBeVisible();

    expect(screen.getByRole('heading', { name: 'EXPLORER' })).toBeVisible();
    expect(screen.getByRole('link', { name: /DENIM FEMME/ })).toHaveAttribute(
      'href',
      '/products?category=women&keyword=denim',
    );
    expect(screen.getByRole('link', { name: 'Découvrir les marques' })).toBeVisible();
    expect(screen.queryByText('EXPLORE')).toBeNull();
  });
});
