import type { DemoProduct } from './demo-catalog';
import { shipFrom, type DemoUser } from './demo-users';

// Issue 19 item 6: the demo in French. A Montréal brand that writes in French, French texts for
// the other Montréal brand's products and for a few products elsewhere.

/** A product's or a store's texts in French (null or absent: none, English is shown). */
export interface FrenchTexts {
  nameFr?: string;
  descriptionFr?: string;
  materialsFr?: string;
}

export type DemoUserWithFrench = Omit<DemoUser, 'store'> & {
  store?: NonNullable<DemoUser['store']> & { descriptionFr?: string };
};
export type DemoProductWithFrench = DemoProduct & FrenchTexts;

/** Atelier Mont-Royal: a Plateau knitwear brand whose owner writes in French first. */
const FRENCH_BRAND: DemoUserWithFrench = {
  userName: 'atelier-mont-royal',
  email: 'owner@ateliermontroyal.example.com',
  firstName: 'Émilie',
  lastName: 'Gagnon',
  addresses: [],
  store: {
    name: 'Atelier Mont-Royal',
    city: 'MONTREAL',
    // Written in French only: English pages show it too, as the brand wrote it.
    description: '',
    descriptionFr:
      'Tricots et vêtements d’hiver fabriqués à Montréal, sur le Plateau, en petites séries. Des laines d’ici, teintes à la main.',
    shipFromAddress: shipFrom(
      'Atelier Mont-Royal',
      '4380 Rue Saint-Denis',
      'Montreal',
      'QC',
      'CA',
      'H2J 2L1',
    ),
  },
};

const FRENCH_BRAND_PRODUCTS: DemoProductWithFrench[] = [
  {
    name: 'Laurentides Cable Sweater',
    nameFr: 'Chandail torsadé Laurentides',
    category: 'men',
    price: 185,
    tags: ['knitwear', 'wool', 'sweater'],
    swatch: '#8a7b64',
    options: 'CREAM:S,M,L,XL; NAVY:M,L',
    description:
      'A heavy cable-knit sweater with a rolled collar, knitted in Montréal from Québec wool.',
    descriptionFr:
      'Un chandail épais aux torsades, col roulé, tricoté à Montréal en laine du Québec.\n\nParfait pour les soirées de janvier au chalet.',
    materials: '100% Québec wool.',
    materialsFr: '100 % laine du Québec.',
  },
  {
    // Written in French only: the English name is its proper name, the rest falls back.
    name: 'Tuque Saint-Viateur',
    nameFr: 'Tuque Saint-Viateur',
    category: 'women',
    price: 48,
    tags: ['knitwear', 'hat', 'winter'],
    swatch: '#a3473a',
    options: 'RED:ONE SIZE; GREY:ONE SIZE',
    descriptionFr:
      'Une tuque côtelée à revers, assez longue pour couvrir les oreilles quand il fait moins trente.',
    materialsFr: '50 % mérinos, 50 % alpaga.',
  },
  {
    name: 'Plateau Winter Coat',
    nameFr: 'Manteau d’hiver Plateau',
    category: 'women',
    price: 420,
    sale: 20,
    tags: ['coat', 'outerwear', 'winter'],
    swatch: '#2f3b2f',
    options: 'OLIVE:XS,S,M,L; BLACK:S,M',
    descriptionFr:
      'Un manteau long en laine bouillie, doublé et matelassé, avec un capuchon amovible. Coupé et cousu dans notre atelier.',
    materialsFr: 'Laine bouillie 80 %, polyamide 20 %; doublure 100 % viscose.',
  },
  {
    name: 'Raw Denim Work Jacket',
    nameFr: 'Veste de travail en denim brut',
    category: 'men',
    price: 210,
    tags: ['denim', 'jacket', 'workwear'],
    swatch: '#27324a',
    options: 'BLUE:S,M,L,XL',
    description: 'A four-pocket work jacket in unwashed denim that fades to your shape.',
    descriptionFr: 'Une veste de travail à quatre poches en denim brut, qui prend votre forme.',
    materials: '100% cotton denim, 14 oz.',
    materialsFr: 'Denim 100 % coton, 14 oz.',
  },
  {
    name: 'Gabardine Shirt Dress',
    nameFr: 'Robe chemise en gabardine',
    category: 'women',
    price: 165,
    tags: ['dress', 'cotton'],
    swatch: '#c8b48a',
    options: 'BEIGE:XS,S,M,L',
    description: 'A belted shirt dress to the mid-calf, in a crisp cotton gabardine.',
  },
  {
    name: 'Petit Nord Snowsuit',
    nameFr: 'Habit de neige Petit Nord',
    category: 'kids',
    price: 160,
    tags: ['kids', 'winter', 'outerwear'],
    swatch: '#3d6fa3',
    options: 'BLUE:XXS,XS,S; RED:XS,S',
    descriptionFr:
      'Un habit de neige une pièce, imperméable et chaud, avec des poignets ajustables. Pour jouer dehors tout l’hiver.',
    materialsFr: 'Coquille 100 % nylon recyclé; isolant 100 % polyester recyclé.',
  },
];

/** French descriptions of the other demo stores (the Montréal one, as a brand there would). */
const FRENCH_STORE_DESCRIPTIONS: Record<string, string> = {
  'Mile End Studio': 'Du lin et du coton décontractés, pour toutes les saisons.',
};

/** French texts for other brands' products, by product name. */
const FRENCH_PRODUCT_TEXTS: Record<string, FrenchTexts> = {
  // Mile End Studio, Montréal.
  'Linen Camp Shirt': {
    nameFr: 'Chemise de camp en lin',
    descriptionFr:
      'Une chemise ample à manches courtes et col cubain, dans un lin lavé qui s’adoucit à chaque port.',
    materialsFr: '100 % lin européen.',
  },
  'Linen Wrap Dress': { nameFr: 'Robe portefeuille en lin' },
  'Wide Leg Linen Trousers': { nameFr: 'Pantalon large en lin' },
  'Organic Cotton Tee': {
    nameFr: 'T-shirt en coton biologique',
    descriptionFr:
      'Le t-shirt de tous les jours: un jersey biologique mi-lourd, une épaule légèrement tombante et un col qui garde sa forme.',
    materialsFr: '100 % coton biologique certifié GOTS.',
  },
  'Striped Boat Neck Top': {
    nameFr: 'Marinière col bateau',
    descriptionFr: 'Une marinière rayée au large col bateau, manches trois quarts.',
    materialsFr: '100 % jersey de coton.',
  },
  // A few elsewhere: brands that ship to Québec.
  'Merino Crewneck Sweater': { nameFr: 'Chandail col rond en mérinos' },
  'Alpaca Cardigan': {
    nameFr: 'Cardigan en alpaga',
    descriptionFr:
      'Un cardigan ample aux hanches, tricoté au Pérou en alpaga bébé: léger, chaud et pas du tout piquant.\n\nBoutons en corne et grandes poches plaquées.',
    materialsFr: '70 % alpaga bébé, 30 % laine mérinos.',
  },
  'Wool Overcoat': { nameFr: 'Pardessus en laine' },
};

/**
 * The demo's users and catalog with the French brand added and French texts written in: the
 * seed opens and fills every store from these the same way.
 */
export function withFrenchContent(
  users: readonly DemoUser[],
  catalog: Record<string, DemoProduct[]>,
): {
  users: DemoUserWithFrench[];
  catalog: Record<string, DemoProductWithFrench[]>;
} {
  const withStoreText = (user: DemoUser): DemoUserWithFrench =>
    user.store && FRENCH_STORE_DESCRIPTIONS[user.store.name]
      ? {
          ...user,
          store: { ...user.store, descriptionFr: FRENCH_STORE_DESCRIPTIONS[user.store.name] },
        }
      : user;
  return {
    users: [...users.map(withStoreText), FRENCH_BRAND],
    catalog: {
      ...Object.fromEntries(
        Object.entries(catalog).map(([owner, products]) => [
          owner,
          products.map((product) => ({ ...product, ...FRENCH_PRODUCT_TEXTS[product.name] })),
        ]),
      ),
      [FRENCH_BRAND.userName]: FRENCH_BRAND_PRODUCTS,
    },
  };
}
