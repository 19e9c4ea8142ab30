import {
  CATEGORIES,
  DEFAULT_CURRENCY,
  DIMENSION_UNITS,
  issueArguments,
  itemInputSchema,
  msg,
  type Category,
  type Currency,
  type ItemDetail,
  type ItemInput,
  type MessageArguments,
  type ValidItem,
} from '@marketplace/shared';

export type DimensionUnit = (typeof DIMENSION_UNITS)[number];
export const DIMENSION_FIELDS = ['width', 'length', 'height', 'weight'] as const;
export type DimensionField = (typeof DIMENSION_FIELDS)[number];
export const OPTION_FIELDS = ['color', 'size', 'price', 'sale', 'count'] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];

/** Number inputs stay text in the form: the shared schema says what is wrong with them. */
export interface OptionFormValues {
  id?: number;
  color: string;
  size: string;
  price: string;
  sale: string;
  count: string;
  isAvailable: boolean;
}

export interface ProductFormValues {
  name: string;
  description: string;
  materials: string;
  care: string;
  /** The brand's French texts (issue 19); blank: none, shoppers reading French see English. */
  nameFr: string;
  descriptionFr: string;
  materialsFr: string;
  careFr: string;
  price: string;
  sale: string;
  currency: Currency;
  category: Category | '';
  tags: string;
  isAvailable: boolean;
  dimensions: Record<DimensionField, string> & { unit: DimensionUnit };
  itemOptions: OptionFormValues[];
}

export const CATEGORY_LABELS: Record<Category, string> = {
  men: msg('Men'),
  women: msg('Women'),
  kids: msg('Kids'),
};
export const CATEGORY_CHOICES = CATEGORIES.map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/**
 * Spec 5: a new option starts with count 1, price 0 (no override: issue 39.15 shows it empty),
 * sale 0, available.
 */
export const newOptionValues = (): OptionFormValues => ({
  color: '',
  size: '',
  price: '',
  sale: '0',
  count: '1',
  isAvailable: true,
});

/** Spec 5's defaults for a new product: CAD, IMPERIAL, not available yet, sale 0. */
export function emptyProductValues(): ProductFormValues {
  return {
    name: '',
    description: '',
    materials: '',
    care: '',
    nameFr: '',
    descriptionFr: '',
    materialsFr: '',
    careFr: '',
    price: '',
    sale: '0',
    currency: DEFAULT_CURRENCY,
    category: '',
    tags: '',
    isAvailable: false,
    dimensions: { width: '', length: '', height: '', weight: '', unit: DIMENSION_UNITS[0] },
    itemOptions: [],
  };
}

export function productValuesFrom(item: ItemDetail): ProductFormValues {
  return {
    name: item.name,
    description: item.description ?? '',
    materials: item.materials ?? '',
    care: item.care ?? '',
    nameFr: item.nameFr ?? '',
    descriptionFr: item.descriptionFr ?? '',
    materialsFr: item.materialsFr ?? '',
    careFr: item.careFr ?? '',
    price: String(item.price),
    sale: String(item.sale ?? 0),
    currency: item.currency,
    category: item.category,
    tags: item.tags.join(', '),
    isAvailable: item.isAvailable,
    dimensions: {
      width: String(item.dimensions.width),
      length: String(item.dimensions.length),
      height: String(item.dimensions.height),
      weight: String(item.dimensions.weight),
      unit: item.dimensions.unit,
    },
    itemOptions: item.itemOptions.map((option) => ({
      id: option.id,
      color: option.color,
      size: option.size,
      price: option.price > 0 ? String(option.price) : '',
      sale: String(option.sale ?? 0),
      count: String(option.count),
      isAvailable: option.isAvailable,
    })),
  };
}

function toItemInput(values: ProductFormValues): ItemInput {
  return {
    ...values,
    category: values.category || undefined,
    // An empty override price is the product's price: 0 to the API (money.ts).
    itemOptions: values.itemOptions.map((option) => ({
      ...option,
      price: option.price.trim() === '' ? '0' : option.price,
    })),
  } as ItemInput;
}

/** Where a failing rule points, so the form can mark and focus that field. */
export type ProblemTarget =
  | 'name'
  | 'price'
  | 'sale'
  | 'currency'
  | 'category'
  | 'tags'
  | 'description'
  | 'materials'
  | 'care'
  | 'nameFr'
  | 'descriptionFr'
  | 'materialsFr'
  | 'careFr'
  | `dimensions.${DimensionField}`
  | 'itemOptions'
  | 'thumbnail'
  | 'images';

export interface ProductProblem {
  target: ProblemTarget;
  /** In English; `args`, when the message has arguments, translate it (`t(args.message, args.values)`). */
  message: string;
  args?: MessageArguments;
}

export type OptionErrors = Record<number, Partial<Record<OptionField, string>>>;

/**
 * Every field's problem, in spec 5's order (the shared schema's issue order): the first is
 * the one the toast names and the field the form focuses.
 */
export type ProductValidation =
  | { ok: true; item: ValidItem }
  | { ok: false; problems: ProductProblem[]; optionErrors: OptionErrors };

const TOP_LEVEL_TARGETS = [
  'name',
  'price',
  'sale',
  'currency',
  'category',
  'tags',
  'description',
  'materials',
  'care',
  'nameFr',
  'descriptionFr',
  'materialsFr',
  'careFr',
] as const;

function firstBadDimension(values: ProductFormValues): DimensionField {
  return (
    DIMENSION_FIELDS.find((field) => {
      const raw = values.dimensions[field].trim();
      return raw === '' || !Number.isFinite(Number(raw));
    }) ?? 'width'
  );
}

/**
 * Spec 5 rules 1–8 with the shared schema, all at once: each field keeps its first message,
 * option messages land next to each option field.
 */
export function validateProductValues(values: ProductFormValues): ProductValidation {
  const result = itemInputSchema.safeParse(toItemInput(values));
  if (result.success) return { ok: true, item: result.data };

  const problems: ProductProblem[] = [];
  const optionErrors: OptionErrors = {};
  const add = (target: ProblemTarget, message: string, args?: MessageArguments) => {
    if (!problems.some((p) => p.target === target))
      problems.push(args ? { target, message, args } : { target, message });
  };
  for (const issue of result.error.issues) {
    const [head, second, third] = issue.path;
    if ((TOP_LEVEL_TARGETS as readonly unknown[]).includes(head)) {
      add(head as (typeof TOP_LEVEL_TARGETS)[number], issue.message, issueArguments(issue));
    } else if (head === 'dimensions') {
      const side = (DIMENSION_FIELDS as readonly unknown[]).includes(second)
        ? (second as DimensionField)
        : firstBadDimension(values);
      add(`dimensions.${side}`, issue.message);
    } else if (head === 'itemOptions') {
      if (typeof second === 'number' && (OPTION_FIELDS as readonly unknown[]).includes(third)) {
        const row = (optionErrors[second] ??= {});
        row[third as OptionField] ??= issue.message;
      } else {
        add('itemOptions', issue.message);
      }
    }
  }
  if (problems.length === 0) {
    problems.push({
      target: 'name',
      message: result.error.issues[0]?.message ?? msg('Please check the product.'),
    });
  }
  return { ok: false, problems, optionErrors };
}
