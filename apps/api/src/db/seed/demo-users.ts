import type { Address, City, UserRole } from '@marketplace/shared';

/** Demo accounts seeded into an empty database; the README lists them. */
export const DEMO_PASSWORD = 'Password123!';

export const vancouverAddress: Address = {
  streetAddress: '1055 West Georgia Street',
  apartment: 'Suite 400',
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6E 3P3',
  defaultAddress: true,
};

interface DemoUser {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  addresses: readonly Address[];
  store?: { name: string; city: City; description: string };
  /** 'operator': runs the marketplace (issue 17's console). */
  role?: UserRole;
}

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
    },
  },
];
