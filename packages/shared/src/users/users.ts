import { USER_ROLES } from '../messages';
import { z } from 'zod';
import { REGIONS_BY_COUNTRY, type CountryCode } from '../regions';
import { TEXT_MESSAGES, plainText } from '../text';
import { msg } from '../i18n/msg';
import { LOCALES } from '../i18n/locales';

const CA_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const US_ZIP_CODE = /^\d{5}(-\d{4})?$/;

export const ADDRESS_MESSAGES = {
  streetRequired: msg('Street address is required.'),
  cityRequired: msg('City is required.'),
  country: msg('We ship to Canada and the USA only.'),
  province: msg('Choose a province or territory.'),
  state: msg('Choose a state.'),
  postalCode: msg('Enter a valid postal code, like V6B 1A1.'),
  zipCode: msg('Enter a valid ZIP code, like 98101 or 98101-1234.'),
  oneDefault: msg('Only one address can be the default.'),
} as const;

export function isValidRegion(country: CountryCode, region: string): boolean {
  return REGIONS_BY_COUNTRY[country].some((r) => r.code === region);
}

export function isValidPostalCode(country: CountryCode, postalCode: string): boolean {
  return (country === 'CA' ? CA_POSTAL_CODE : US_ZIP_CODE).test(postalCode.trim());
}

/** Canadian codes are stored as "A1A 1A1"; ZIP codes as typed (trimmed). */
export function normalizePostalCode(country: CountryCode, postalCode: string): string {
  const code = postalCode.trim().toUpperCase();
  if (country !== 'CA') return code;
  const compact = code.replace(/\s+/g, '');
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

export const addressSchema = z
  .object({
    streetAddress: plainText('Street address', { required: ADDRESS_MESSAGES.streetRequired })
      .min(1, ADDRESS_MESSAGES.streetRequired)
      .max(200),
    apartment: plainText('Apartment')
      .max(100)
      .nullish()
      .transform((value) => value || null),
    city: plainText('City', { required: ADDRESS_MESSAGES.cityRequired })
      .min(1, ADDRESS_MESSAGES.cityRequired)
      .max(100),
    province: z.string().trim().toUpperCase(),
    country: z.enum(['CA', 'US'], ADDRESS_MESSAGES.country),
    postalCode: z.string().trim(),
    defaultAddress: z.boolean().default(false),
  })
  .strict()
  .superRefine((address, ctx) => {
    if (!isValidRegion(address.country, address.province)) {
      ctx.addIssue({
        code: 'custom',
        path: ['province'],
        message: address.country === 'CA' ? ADDRESS_MESSAGES.province : ADDRESS_MESSAGES.state,
      });
    }
    if (!isValidPostalCode(address.country, address.postalCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: address.country === 'CA' ? ADDRESS_MESSAGES.postalCode : ADDRESS_MESSAGES.zipCode,
      });
    }
  })
  .transform((address) => ({
    ...address,
    postalCode: normalizePostalCode(address.country, address.postalCode),
  }));

export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** An address as the API answers it: what addressSchema makes of one sent (for the OpenAPI document). */
export const addressViewSchema = z.object({
  streetAddress: z.string(),
  apartment: z.string().nullable(),
  city: z.string(),
  province: z.string(),
  country: z.enum(['CA', 'US']),
  postalCode: z.string(),
  defaultAddress: z.boolean(),
}) satisfies z.ZodType<Address>;

export const MAX_ADDRESSES = 10;
export const TOO_MANY_ADDRESSES = msg(`You can save up to ${MAX_ADDRESSES} addresses.`);

/**
 * "Save this address" at checkout (issue 39.10): the address becomes the account's default, the
 * one the next checkout fills in. The same rules as the profile's addresses.
 */
export const saveDefaultAddressSchema = addressSchema;
export type SaveDefaultAddressInput = z.input<typeof saveDefaultAddressSchema>;

/** The same place, whatever the case or spacing it was typed with. */
export function sameAddress(
  a: Omit<Address, 'defaultAddress'>,
  b: Omit<Address, 'defaultAddress'>,
): boolean {
  const key = (address: Omit<Address, 'defaultAddress'>) =>
    [
      address.streetAddress,
      address.apartment ?? '',
      address.city,
      address.province,
      address.country,
      address.postalCode,
    ]
      .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
      .join('|');
  return key(a) === key(b);
}

export const addressListSchema = z
  .array(addressSchema)
  .max(MAX_ADDRESSES, TOO_MANY_ADDRESSES)
  .refine((list) => list.filter((a) => a.defaultAddress).length <= 1, ADDRESS_MESSAGES.oneDefault)
  // The first address is the default when none is chosen, so checkout always has one to prefill.
  .transform((list) =>
    list.length > 0 && !list.some((a) => a.defaultAddress)
      ? list.map((a, index) => ({ ...a, defaultAddress: index === 0 }))
      : list,
  );

const nameRequired = (label: string) => `${label} is required.`;
const nameTooLong = (label: string) => `${label} must be at most 50 characters.`;

export const personNameSchema = (label: string) =>
  plainText(label).min(1, nameRequired(label)).max(50, nameTooLong(label));

// The messages the address and name fields build from their labels, recorded for the catalogs
// (their French is in catalogs/fr-CA/validation.json).
for (const label of ['Full name', 'First name', 'Last name']) {
  msg(nameRequired(label));
  msg(nameTooLong(label));
}
for (const label of ['Street address', 'Apartment', 'City', 'Full name', 'First name', 'Last name'])
  msg(TEXT_MESSAGES.invisible(label));

export const emailSchema = z
  .string()
  .trim()
  .min(1, msg('Email is required.'))
  .max(254, msg('Email must be at most 254 characters.'))
  .pipe(z.email(msg('Enter a valid email address.')));

export const updateProfileSchema = z
  .object({
    firstName: personNameSchema('First name'),
    lastName: personNameSchema('Last name'),
    email: emailSchema,
    addresses: addressListSchema,
    /** Needed only when the email changes (an email change could otherwise take the account). */
    currentPassword: z.string().max(128).optional(),
  })
  .strict();

export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const userNameParamsSchema = z.object({ userName: z.string().min(1).max(254) });

/** What GET /api/user/{userName} returns: never a password hash. */
export const userProfileSchema = z.object({
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  storeName: z.string().nullable(),
  /** 'operator' for the people who run the marketplace (issue 17): the web app shows their console. */
  role: z.enum(USER_ROLES),
  /** The language chosen with the switch (issue 19); null (or absent) until one is chosen. */
  locale: z.enum(LOCALES).nullish(),
  addresses: z.array(addressViewSchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * The body of PUT /api/user/{userName}/locale and its answer: a signed-in user's language. Here
 * with the other user schemas, not beside the locale cookie (i18n/locale-choice.ts), which the
 * web app's entry imports: a schema built at load there kept zod in the home page's first load.
 */
export const userLocaleSchema = z.object({ locale: z.enum(LOCALES) }).strict();
export type UserLocale = z.infer<typeof userLocaleSchema>;
