import type { Category } from '@marketplace/shared';

export interface DemoProduct {
  name: string;
  category: Category;
  price: number;
  sale?: number;
  tags: string[];
  /** The tile's garment colour. */
  swatch: string;
  /** "RED:S,M,L; NAVY:ONE SIZE": colours with their sizes; every option gets `stock` units. */
  options: string;
  stock?: number;
  /** Plain text; a blank line starts a paragraph. */
  description?: string;
  materials?: string;
  care?: string;
}

/** A few products per demo store (keyed by the owner's user name). */
export const DEMO_CATALOG: Record<string, DemoProduct[]> = {
  'maple-denim': [
    {
      name: 'Railtown Raw Selvedge Jeans',
      category: 'men',
      price: 189,
      tags: ['denim', 'selvedge', 'jeans'],
      swatch: '#22304a',
      options: 'BLUE:S,M,L,XL',
      description:
        'Our signature jean, cut from 14 oz Japanese selvedge denim woven on vintage shuttle looms in Okayama.\n\nA mid rise and a slim straight leg. Raw denim is stiff at first: wear it hard and it moulds to you, fading where you move.',
      materials: '100% cotton selvedge denim; copper rivets; corozo buttons.',
      care: 'Wait six months before the first wash. Then wash inside out, cold, on its own; hang to dry.',
    },
    {
      name: 'High Rise Straight Jeans',
      category: 'women',
      price: 165,
      sale: 20,
      tags: ['denim', 'jeans'],
      swatch: '#3b5a80',
      options: 'NAVY:26,28,30,32; BLUE:26,28,30',
      description:
        'A high rise and a straight, ankle-length leg, in a mid-weight denim with a little give.\n\nSized by waist in inches.',
      materials: '98% cotton, 2% elastane.',
      care: 'Machine wash cold, inside out. Line dry.',
    },
    {
      name: 'Denim Trucker Jacket',
      category: 'men',
      price: 210,
      tags: ['denim', 'jacket'],
      swatch: '#2f4a6b',
      options: 'BLUE:M,L,XL',
    },
    {
      name: 'Cropped Denim Jacket',
      category: 'women',
      price: 175,
      tags: ['denim', 'jacket'],
      swatch: '#5d7fa3',
      options: 'BLUE:XS,S,M; RED:S,M',
    },
    {
      name: 'Kids Pull-On Jeans',
      category: 'kids',
      price: 48,
      sale: 15,
      tags: ['denim', 'kids'],
      swatch: '#4b6d93',
      options: 'BLUE:XXS,XS,S',
    },
    {
      name: 'Rinse Wash Denim Shirt',
      category: 'men',
      price: 120,
      tags: ['denim', 'shirt'],
      swatch: '#2a3d57',
      options: 'BLUE:S,M,L',
      stock: 0,
    },
  ],
  'harbour-knits': [
    {
      name: 'Merino Crewneck Sweater',
      category: 'men',
      price: 145,
      tags: ['knitwear', 'merino', 'sweater'],
      swatch: '#6b4a3a',
      options: 'RED:M,L,XL; BLUE:M,L',
    },
    {
      name: 'Alpaca Cardigan',
      category: 'women',
      price: 198,
      sale: 25,
      tags: ['knitwear', 'alpaca', 'cardigan'],
      swatch: '#b58b6b',
      options: 'RED:XS,S,M; BLUE:S,M',
      description:
        'A loose, hip-length cardigan knitted in Peru from baby alpaca: light, warm and not at all itchy.\n\nHorn buttons and deep patch pockets.',
      materials: '70% baby alpaca, 30% merino wool.',
      care: 'Hand wash cold and dry flat. Fold, never hang.',
    },
    {
      name: 'Fisherman Rib Beanie',
      category: 'men',
      price: 38,
      tags: ['knitwear', 'hat'],
      swatch: '#8c2f2f',
      options: 'GREY:ONE SIZE; NAVY:ONE SIZE; BLACK:ONE SIZE',
      description:
        'A deep fisherman rib that folds back twice. One size stretches to fit most adults.',
      materials: '100% merino wool.',
      care: 'Hand wash cold; dry flat.',
    },
    {
      name: 'Cable Knit Turtleneck',
      category: 'women',
      price: 168,
      tags: ['knitwear', 'sweater'],
      swatch: '#d8cbb5',
      options: 'RED:S,M,L',
    },
    {
      name: 'Kids Fair Isle Sweater',
      category: 'kids',
      price: 64,
      tags: ['knitwear', 'kids', 'sweater'],
      swatch: '#9e3b3b',
      options: 'RED:XXS,XS,S; BLUE:XS',
    },
    {
      name: 'Chunky Wool Scarf',
      category: 'women',
      price: 55,
      sale: 10,
      tags: ['knitwear', 'scarf', 'wool'],
      swatch: '#47505c',
      options: 'CREAM:ONE SIZE; GREY:ONE SIZE',
      description: 'Long enough to wrap twice, knitted by hand in Nova Scotia.',
      materials: '100% lambswool.',
      care: 'Hand wash cold; dry flat.',
    },
  ],
  'mile-end-studio': [
    {
      name: 'Linen Camp Shirt',
      category: 'men',
      price: 98,
      tags: ['linen', 'shirt', 'summer'],
      swatch: '#c9b99a',
      options: 'BLUE:S,M,L; RED:M',
      description:
        'A boxy, short-sleeved shirt with a camp collar, in a washed linen that softens every time you wear it.',
      materials: '100% European flax linen.',
      care: 'Machine wash cold; tumble dry low or line dry. Iron damp if you like it crisp.',
    },
    {
      name: 'Linen Wrap Dress',
      category: 'women',
      price: 142,
      tags: ['linen', 'dress', 'summer'],
      swatch: '#a3473a',
      options: 'RED:XS,S,M,L',
    },
    {
      name: 'Wide Leg Linen Trousers',
      category: 'women',
      price: 118,
      sale: 30,
      tags: ['linen', 'trousers'],
      swatch: '#e2d7c3',
      options: 'BLUE:S,M; RED:S,M,L',
    },
    {
      name: 'Organic Cotton Tee',
      category: 'men',
      price: 42,
      tags: ['cotton', 'tee'],
      swatch: '#f0ede6',
      options: 'RED:S,M,L,XL; BLUE:S,M,L,XL',
      description:
        'The everyday tee: a mid-weight organic jersey, a slightly dropped shoulder and a collar that keeps its shape.',
      materials: '100% GOTS-certified organic cotton.',
      care: 'Machine wash cold with like colours; line dry.',
    },
    {
      name: 'Kids Linen Shorts',
      category: 'kids',
      price: 36,
      tags: ['linen', 'kids', 'shorts'],
      swatch: '#7f9a8a',
      options: 'BLUE:XXS,XS,S',
    },
    {
      name: 'Striped Boat Neck Top',
      category: 'women',
      price: 68,
      tags: ['cotton', 'top'],
      swatch: '#1f2f4f',
      options: 'NAVY:XS,S,M; WHITE:S,M',
      description: 'A breton-striped top with a wide boat neck and three-quarter sleeves.',
      materials: '100% cotton jersey.',
      care: 'Machine wash cold; dry flat.',
    },
  ],
  'queen-west-wear': [
    {
      name: 'Wool Overcoat',
      category: 'men',
      price: 395,
      tags: ['wool', 'coat', 'outerwear'],
      swatch: '#3a3a3a',
      options: 'BLACK:M,L,XL; GREY:M,L',
      description:
        'A single-breasted overcoat that reaches the knee, with a half lining so it moves easily over a blazer or a sweater.\n\nMade in Toronto.',
      materials: '80% wool, 20% cashmere; lining 100% cupro.',
      care: 'Dry clean only.',
    },
    {
      name: 'Quilted Parka',
      category: 'women',
      price: 340,
      sale: 15,
      tags: ['parka', 'outerwear', 'winter'],
      swatch: '#56603f',
      options: 'RED:XS,S,M; BLUE:S,M,L',
    },
    {
      name: 'Waxed Cotton Jacket',
      category: 'men',
      price: 260,
      tags: ['jacket', 'outerwear'],
      swatch: '#5b4a2e',
      options: 'BLUE:M,L',
    },
    {
      name: 'Kids Snow Suit',
      category: 'kids',
      price: 120,
      tags: ['kids', 'winter', 'outerwear'],
      swatch: '#b13a3a',
      options: 'RED:XXS,XS,S; BLUE:XS,S',
    },
    {
      name: 'Down Vest',
      category: 'women',
      price: 180,
      tags: ['vest', 'outerwear'],
      swatch: '#2b2b33',
      options: 'BLACK:S,M,L; OLIVE:M,L',
      description:
        'A light, packable vest for the shoulder seasons, filled with responsibly sourced down.',
      materials: 'Shell 100% recycled nylon; fill 90% duck down, 10% feathers.',
      care: 'Machine wash cold on a gentle cycle; tumble dry low with clean tennis balls.',
    },
    {
      name: 'Merino Base Layer',
      category: 'men',
      price: 85,
      sale: 20,
      tags: ['merino', 'base layer'],
      swatch: '#40505e',
      options: 'BLUE:S,M,L,XL',
    },
  ],
  'silver-lake-supply': [
    {
      name: 'Sun Faded Pocket Tee',
      category: 'men',
      price: 38,
      tags: ['cotton', 'tee'],
      swatch: '#d98b6a',
      options: 'RED:S,M,L,XL',
    },
    {
      name: 'Slip Midi Skirt',
      category: 'women',
      price: 88,
      tags: ['skirt', 'silk'],
      swatch: '#c46a5b',
      options: 'PINK:XS,S,M; BLACK:S,M; RED:S',
      description: 'A bias-cut slip skirt that falls to mid calf, with a hidden elastic waist.',
      materials: '100% viscose satin.',
      care: 'Hand wash cold; hang to dry.',
    },
    {
      name: 'Canvas Chore Coat',
      category: 'men',
      price: 158,
      sale: 10,
      tags: ['canvas', 'jacket'],
      swatch: '#a88a5a',
      options: 'BEIGE:M,L,XL; BROWN:M,L',
      description:
        'A French-style chore coat in a heavy cotton canvas with three patch pockets and a corduroy collar.',
      materials: '100% cotton canvas; corduroy collar.',
      care: 'Machine wash cold; line dry.',
    },
    {
      name: 'Terry Zip Hoodie',
      category: 'women',
      price: 96,
      tags: ['hoodie', 'cotton'],
      swatch: '#e6b9a6',
      options: 'RED:S,M; BLUE:S,M,L',
    },
    {
      name: 'Kids Surf Tee',
      category: 'kids',
      price: 24,
      tags: ['kids', 'tee', 'summer'],
      swatch: '#3f8fb0',
      options: 'BLUE:XXS,XS,S',
    },
    {
      name: 'Easy Chino Shorts',
      category: 'men',
      price: 64,
      tags: ['shorts', 'summer'],
      swatch: '#b9a27a',
      options: 'BLUE:S,M,L',
    },
  ],
  'bushwick-thread': [
    {
      name: 'Duck Canvas Work Pants',
      category: 'men',
      price: 128,
      tags: ['workwear', 'canvas', 'pants'],
      swatch: '#7a5a3a',
      options: 'BROWN:30,32,34,36; BLACK:32,34',
      description:
        'Double-knee work pants cut from 12 oz duck canvas, with a hammer loop and a relaxed straight leg.\n\nSized by waist in inches.',
      materials: '100% cotton duck canvas.',
      care: 'Machine wash warm; tumble dry low.',
    },
    {
      name: 'Utility Jumpsuit',
      category: 'women',
      price: 176,
      sale: 20,
      tags: ['workwear', 'jumpsuit'],
      swatch: '#33445a',
      options: 'BLUE:XS,S,M; RED:S',
    },
    {
      name: 'Flannel Overshirt',
      category: 'men',
      price: 92,
      tags: ['flannel', 'shirt'],
      swatch: '#9b2d2d',
      options: 'RED:M,L,XL',
    },
    {
      name: 'Kids Dungarees',
      category: 'kids',
      price: 58,
      tags: ['kids', 'denim', 'workwear'],
      swatch: '#34507a',
      options: 'BLUE:XXS,XS,S',
    },
    {
      name: 'Ribbed Tank Top',
      category: 'women',
      price: 34,
      tags: ['cotton', 'top'],
      swatch: '#ece6da',
      options: 'RED:XS,S,M; BLUE:XS,S',
    },
    {
      name: 'Chore Barn Jacket',
      category: 'women',
      price: 215,
      tags: ['jacket', 'workwear'],
      swatch: '#6d5a3c',
      options: 'BLUE:S,M,L',
    },
  ],
};

/** Turns "RED:S,M; NAVY:ONE SIZE" into item options. */
export function parseOptions(spec: string, stock: number) {
  return spec.split(';').flatMap((group) => {
    const [color, sizes] = group.trim().split(':') as [string, string];
    return sizes
      .split(',')
      .map((size) => ({ color, size, price: 0, sale: 0, count: stock, isAvailable: true }));
  });
}

/**
 * A few reviews, enough for averages and, on the jeans, the fit advice (three verified buyers
 * say small). The seed's accounts are new: each may write NEW_ACCOUNT_REVIEWS_PER_DAY (3).
 */
export const DEMO_REVIEWS = [
  {
    product: 'Railtown Raw Selvedge Jeans',
    author: 'shopper',
    rating: 5,
    fitScore: 2,
    comment: 'Beautiful denim, but size up: the waist is snug until they stretch.',
  },
  {
    product: 'Railtown Raw Selvedge Jeans',
    author: 'harbour-knits',
    rating: 4,
    fitScore: 1,
    comment: 'Great fabric. I went one size up and they are perfect now.',
  },
  {
    product: 'Railtown Raw Selvedge Jeans',
    author: 'mile-end-studio',
    rating: 5,
    fitScore: 2,
    comment: 'Runs a little small, otherwise the best jeans I own.',
  },
  {
    product: 'Alpaca Cardigan',
    author: 'shopper',
    rating: 5,
    fitScore: 3,
    comment: 'So soft, and true to size.',
  },
  {
    product: 'Alpaca Cardigan',
    author: 'queen-west-wear',
    rating: 4,
    fitScore: 4,
    comment: 'Cosy and slightly roomy, which I like for layering.',
  },
  {
    product: 'Wool Overcoat',
    author: 'shopper',
    rating: 4,
    fitScore: 3,
    comment: 'Warm enough for January by the water.',
  },
] as const;
