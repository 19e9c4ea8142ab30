import {
  DEMO_ACCOUNTS_PASSWORD,
  type Address,
  type City,
  type ShippingAddress,
  type UserRole,
} from '@marketplace/shared';

/** Demo accounts seeded into an empty database; the README lists them. */
export const DEMO_PASSWORD = DEMO_ACCOUNTS_PASSWORD;

export const vancouverAddress: Address = {
  streetAddress: '1055 West Georgia Street',
  apartment: 'Suite 400',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6E 3P3',
  defaultAddress: true,
};

export interface DemoUser {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  addresses: readonly Address[];
  store?: {
    name: string;
    city: City;
    description: string;
    /** Where its parcels leave from (issue 16: labels print it as the sender). */
    shipFromAddress: ShippingAddress;
  };
  /** 'operator': runs the marketplace (issue 17's console). */
  role?: UserRole;
}

/** A demo brand's ship-from address: the store's name as the contact. */
export const shipFrom = (
  fullName: string,
  streetAddress: string,
  city: string,
  province: string,
  country: 'CA' | 'US',
  postalCode: string,
): ShippingAddress => ({
  fullName,
  streetAddress,
  apartment: null,
  city,
  province,
  country,
  postalCode,
  defaultAddress: false,
});

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userName: 'shopper',
    email: 'shopper@example.com',
    firstName: 'Sam',
    lastName: 'Shopper',
    addresses: [vancouverAddress],
  },
  {
    userName: 'operator',
    email: 'operator@localbrands.example',
    firstName: 'Olivia',
    lastName: 'Operator',
    addresses: [],
    role: 'operator',
  },
  {
    userName: 'maple-denim',
    email: 'owner@mapledenim.example.com',
    firstName: 'Maya',
    lastName: 'Chen',
    addresses: [],
    store: {
      name: 'Maple Denim Co',
      city: 'VANCOUVER',
      description: 'Raw and washed denim cut and sewn in Railtown, Vancouver.',
      shipFromAddress: shipFrom(
        'Maple Denim Co',
        '55 Powell Street',
        'Vancouver',
        'BC',
        'CA',
        'V6A 1E9',
      ),
    },
  },
  {
    userName: 'harbour-knits',
    email: 'owner@harbourknits.example.com',
    firstName: 'Leo',
    lastName: 'Tremblay',
    addresses: [],
    store: {
      name: 'Harbour Knits',
      city: 'VANCOUVER',
      description: 'Merino and alpaca knitwear, knitted in small runs on the North Shore.',
      shipFromAddress: shipFrom(
        'Harbour Knits',
        '123 Carrie Cates Court',
        'North Vancouver',
        'BC',
        'CA',
        'V7M 3K7',
      ),
    },
  },
  {
    userName: 'mile-end-studio',
    email: 'owner@mileendstudio.example.com',
    firstName: 'Camille',
    lastName: 'Roy',
    addresses: [],
    store: {
      name: 'Mile End Studio',
      city: 'MONTREAL',
      description: 'Relaxed linen and cotton for every season.',
      shipFromAddress: shipFrom(
        'Mile End Studio',
        '5455 Avenue de Gaspé',
        'Montreal',
        'QC',
        'CA',
        'H2T 3B3',
      ),
    },
  },
  {
    userName: 'queen-west-wear',
    email: 'owner@queenwestwear.example.com',
    firstName: 'Priya',
    lastName: 'Patel',
    addresses: [],
    store: {
      name: 'Queen West Wear',
      city: 'TORONTO',
      description: 'Outerwear built for Toronto winters.',
      shipFromAddress: shipFrom(
        'Queen West Wear',
        '800 Queen Street West',
        'Toronto',
        'ON',
        'CA',
        'M6J 1G1',
      ),
    },
  },
  {
    userName: 'silver-lake-supply',
    email: 'owner@silverlakesupply.example.com',
    firstName: 'Diego',
    lastName: 'Alvarez',
    addresses: [],
    store: {
      name: 'Silver Lake Supply',
      city: 'LOS ANGELES',
      description: 'Sun-faded tees and easy layers.',
      shipFromAddress: shipFrom(
        'Silver Lake Supply',
        '3500 Sunset Boulevard',
        'Los Angeles',
        'CA',
        'US',
        '90026',
      ),
    },
  },
  {
    userName: 'bushwick-thread',
    email: 'owner@bushwickthread.example.com',
    firstName: 'Ava',
    lastName: 'Brooks',
    addresses: [],
    store: {
      name: 'Bushwick Thread',
      city: 'NEW YORK',
      description: 'Workwear and kids’ clothes, made in Brooklyn.',
      shipFromAddress: shipFrom(
        'Bushwick Thread',
        '56 Bogart Street',
        'Brooklyn',
        'NY',
        'US',
        '11206',
      ),
    },
  },
];
