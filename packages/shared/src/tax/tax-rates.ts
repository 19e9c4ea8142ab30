import type { TaxClass, TaxType } from './tax';

/**
 * The built-in provider's one rates table (issue 15). Each row is one tax of one jurisdiction
 * for the days it was in force: jurisdiction 'CA' is the federal GST, 'CA-<province>' a
 * provincial tax (HST replaces the GST where it exists), 'US-<state>' a statewide rate and
 * 'US-<state>-<CITY>' (or 'CA-<province>-<CITY>') a launch city's local rate. Rates are exact
 * decimal strings: they are parsed to integer parts per million, never through a float.
 * `from` and `to` are calendar days, both inclusive; `to` is null while the rate is in force.
 */
export interface TaxRateRow {
  jurisdiction: string;
  jurisdictionName: string;
  taxType: TaxType;
  /** A fraction, '0.09975' for 9.975 %: at most six decimals. */
  rate: string;
  from: string;
  to: string | null;
  /** Whether this tax applies to a parcel's delivery charge (on the share of taxable goods). */
  shippingTaxed: boolean;
  shippingSource: string;
  source: string;
}

const CRA_RATES =
  'CRA, GST/HST rates: https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate/calculator.html';
const CRA_SHIPPING =
  'CRA: a delivery charge billed by the supplier is part of the consideration for the goods (Excise Tax Act s. 123 "consideration"; GST/HST Memorandum 3.3 Place of Supply); shipping follows the goods';
const NS_2025 =
  'CRA GST/HST Notice 342, Nova Scotia HST Rate Decrease (March 2025); SOR/2025-77 s. 33.6: provincial part 9 % from 2025-04-01';
const BC_PST =
  'BC Ministry of Finance, Bulletin PST 001 (Registering to collect PST), PST 7 % since 2013-04-01: https://www2.gov.bc.ca/gov/content/taxes/sales-taxes/pst';
const BC_SHIPPING =
  'BC Bulletin PST 302, Delivery Charges (rev. 2018): PST applies to delivery charges for taxable goods';
const MB_RST =
  'Manitoba Finance, Bulletin No. 030 Summary of Taxable and Exempt Goods and Services (rev. 2021): RST 7 % (8 % from 2013-07-01 until 2019-06-30)';
const MB_SHIPPING =
  'Manitoba Bulletin No. 030: services bought together with taxable goods (delivery) are part of the purchase price and taxable';
const SK_PST =
  'Saskatchewan Information Notice IN 2017-01 PST Rate Transition Rules: PST 6 % from 2017-03-23 (5 % before)';
const SK_SHIPPING =
  'Saskatchewan, The Provincial Sales Tax Act s. 3 "purchase price" includes transportation charges; PST Bulletin PST-5 General Information';
const QC_QST =
  'Revenu Québec, QST rate 9.975 % since 2013-01-01: https://www.revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst/';
const QC_SHIPPING =
  'Revenu Québec: the QST applies on the same basis as the GST; a delivery charge follows the goods';
const NO_LOCAL_CA =
  'No municipal sales tax in Canada: only the GST/HST and the provincial tax apply (CRA GST/HST rates page)';

const TAX_FOUNDATION_2025 =
  'Tax Foundation, State and Local Sales Tax Rates, 2025 (Jared Walczak, Feb 2025): https://taxfoundation.org/data/all/state/sales-tax-rates';
const TAXJAR_SHIPPING =
  'TaxJar, Sales tax on shipping: a state-by-state guide (states where shipping is taxable when billed by the seller)';
const SEPARATELY_STATED =
  'Not taxed when separately stated and delivered by common carrier (state-by-state guides of TaxJar and Avalara, "How to handle sales tax on shipping")';
const NO_SALES_TAX =
  'No statewide sales tax (Tax Foundation, State and Local Sales Tax Rates, 2025)';

/** A Canadian province's own tax (or HST) row. */
function province(
  code: string,
  name: string,
  taxType: TaxType,
  rate: string,
  from: string,
  to: string | null,
  source: string,
  shippingSource = CRA_SHIPPING,
): TaxRateRow {
  return {
    jurisdiction: `CA-${code}`,
    jurisdictionName: name,
    taxType,
    rate,
    from,
    to,
    shippingTaxed: true,
    shippingSource,
    source,
  };
}

/** A US statewide rate row. */
function state(
  code: string,
  name: string,
  rate: string,
  shipping: { taxed: boolean; source: string },
  source = TAX_FOUNDATION_2025,
  from = '2025-01-01',
  to: string | null = null,
): TaxRateRow {
  return {
    jurisdiction: `US-${code}`,
    jurisdictionName: name,
    taxType: 'STATE',
    rate,
    from,
    to,
    shippingTaxed: shipping.taxed,
    shippingSource: shipping.source,
    source,
  };
}

const taxed = { taxed: true, source: TAXJAR_SHIPPING };
const untaxed = { taxed: false, source: SEPARATELY_STATED };
const none = { taxed: false, source: NO_SALES_TAX };

export const TAX_RATES: readonly TaxRateRow[] = [
  // Canada: the federal GST everywhere the HST does not replace it.
  {
    jurisdiction: 'CA',
    jurisdictionName: 'Canada',
    taxType: 'GST',
    rate: '0.05',
    from: '2008-01-01',
    to: null,
    shippingTaxed: true,
    shippingSource: CRA_SHIPPING,
    source: CRA_RATES,
  },
  province('ON', 'Ontario', 'HST', '0.13', '2010-07-01', null, CRA_RATES),
  province('NB', 'New Brunswick', 'HST', '0.13', '2010-07-01', '2016-06-30', CRA_RATES),
  province('NB', 'New Brunswick', 'HST', '0.15', '2016-07-01', null, CRA_RATES),
  province('NL', 'Newfoundland and Labrador', 'HST', '0.13', '2010-07-01', '2016-06-30', CRA_RATES),
  province('NL', 'Newfoundland and Labrador', 'HST', '0.15', '2016-07-01', null, CRA_RATES),
  province('PE', 'Prince Edward Island', 'HST', '0.14', '2013-04-01', '2016-09-30', CRA_RATES),
  province('PE', 'Prince Edward Island', 'HST', '0.15', '2016-10-01', null, CRA_RATES),
  province('NS', 'Nova Scotia', 'HST', '0.15', '2010-07-01', '2025-03-31', CRA_RATES),
  province('NS', 'Nova Scotia', 'HST', '0.14', '2025-04-01', null, NS_2025),
  province('BC', 'British Columbia', 'PST', '0.07', '2013-04-01', null, BC_PST, BC_SHIPPING),
  province('MB', 'Manitoba', 'RST', '0.08', '2013-07-01', '2019-06-30', MB_RST, MB_SHIPPING),
  province('MB', 'Manitoba', 'RST', '0.07', '2019-07-01', null, MB_RST, MB_SHIPPING),
  province('SK', 'Saskatchewan', 'PST', '0.05', '2006-10-28', '2017-03-22', SK_PST, SK_SHIPPING),
  province('SK', 'Saskatchewan', 'PST', '0.06', '2017-03-23', null, SK_PST, SK_SHIPPING),
  province('QC', 'Quebec', 'QST', '0.09975', '2013-01-01', null, QC_QST, QC_SHIPPING),
  // Alberta, Yukon, Northwest Territories and Nunavut: the GST alone (no rows of their own).

  // The Canadian launch cities: no municipal sales tax beyond the province's.
  province('BC-VANCOUVER', 'Vancouver', 'LOCAL', '0', '2013-04-01', null, NO_LOCAL_CA),
  province('QC-MONTREAL', 'Montréal', 'LOCAL', '0', '2013-01-01', null, NO_LOCAL_CA),
  province('ON-TORONTO', 'Toronto', 'LOCAL', '0', '2010-07-01', null, NO_LOCAL_CA),

  // United States: every state's statewide rate (0 where there is none).
  state('AL', 'Alabama', '0.04', untaxed),
  state('AK', 'Alaska', '0', none),
  state('AZ', 'Arizona', '0.056', untaxed),
  state('AR', 'Arkansas', '0.065', taxed),
  state('CA', 'California', '0.0725', {
    taxed: false,
    source:
      'CDTFA Publication 100 and Regulation 1628: separately stated delivery by common carrier or US Mail, not above its cost, is not taxable',
  }),
  state('CO', 'Colorado', '0.029', untaxed),
  state('CT', 'Connecticut', '0.0635', taxed),
  state('DE', 'Delaware', '0', none),
  state(
    'DC',
    'District of Columbia',
    '0.06',
    taxed,
    TAX_FOUNDATION_2025,
    '2025-01-01',
    '2025-09-30',
  ),
  state(
    'DC',
    'District of Columbia',
    '0.065',
    taxed,
    'DC Fiscal Year 2025 Budget Support Act: 6.5 % from 2025-10-01, 7 % from 2026-10-01',
    '2025-10-01',
    '2026-09-30',
  ),
  state(
    'DC',
    'District of Columbia',
    '0.07',
    taxed,
    'DC Fiscal Year 2025 Budget Support Act: 6.5 % from 2025-10-01, 7 % from 2026-10-01',
    '2026-10-01',
  ),
  state('FL', 'Florida', '0.06', untaxed),
  state('GA', 'Georgia', '0.04', taxed),
  state('HI', 'Hawaii', '0.04', taxed),
  state('ID', 'Idaho', '0.06', untaxed),
  state('IL', 'Illinois', '0.0625', {
    taxed: true,
    source:
      'Illinois: shipping is part of the selling price unless separately contracted for (Kean v. Wal-Mart Stores, 2009; 86 Ill. Adm. Code 130.415)',
  }),
  state('IN', 'Indiana', '0.07', taxed),
  state('IA', 'Iowa', '0.06', untaxed),
  state('KS', 'Kansas', '0.065', {
    taxed: true,
    source:
      'Kansas: K.S.A. 79-3602(ll) delivery charges are part of the sales price (Pub. KS-1510)',
  }),
  state('KY', 'Kentucky', '0.06', taxed),
  state(
    'LA',
    'Louisiana',
    '0.05',
    untaxed,
    'Tax Foundation 2025 (Louisiana raised its state rate from 4.45 % to 5 % on 2025-01-01, Act 11 of the 2024 third extraordinary session)',
  ),
  state('ME', 'Maine', '0.055', untaxed),
  state('MD', 'Maryland', '0.06', untaxed),
  state('MA', 'Massachusetts', '0.0625', untaxed),
  state('MI', 'Michigan', '0.06', {
    taxed: false,
    source: 'Michigan Public Act 20 of 2023: separately stated delivery charges are exempt',
  }),
  state('MN', 'Minnesota', '0.06875', taxed),
  state('MS', 'Mississippi', '0.07', taxed),
  state('MO', 'Missouri', '0.04225', untaxed),
  state('MT', 'Montana', '0', none),
  state('NE', 'Nebraska', '0.055', taxed),
  state('NV', 'Nevada', '0.0685', untaxed),
  state('NH', 'New Hampshire', '0', none),
  state('NJ', 'New Jersey', '0.06625', taxed),
  state('NM', 'New Mexico', '0.04875', taxed),
  state('NY', 'New York', '0.04', {
    taxed: true,
    source:
      'NYS Tax Bulletin TB-ST-838, Shipping and Delivery Charges: taxable when the goods shipped are taxable; exempt goods, exempt shipping',
  }),
  state('NC', 'North Carolina', '0.0475', taxed),
  state('ND', 'North Dakota', '0.05', taxed),
  state('OH', 'Ohio', '0.0575', taxed),
  state('OK', 'Oklahoma', '0.045', taxed),
  state('OR', 'Oregon', '0', none),
  state('PA', 'Pennsylvania', '0.06', taxed),
  state('RI', 'Rhode Island', '0.07', taxed),
  state('SC', 'South Carolina', '0.06', taxed),
  state('SD', 'South Dakota', '0.042', taxed),
  state('TN', 'Tennessee', '0.07', taxed),
  state('TX', 'Texas', '0.0625', taxed),
  state('UT', 'Utah', '0.061', untaxed),
  state('VT', 'Vermont', '0.06', taxed),
  state('VA', 'Virginia', '0.053', untaxed),
  state('WA', 'Washington', '0.065', taxed),
  state('WV', 'West Virginia', '0.06', taxed),
  state('WI', 'Wisconsin', '0.05', taxed),
  state('WY', 'Wyoming', '0.04', untaxed),

  // The US launch cities: local (county, city and district) rates on top of the state's.
  {
    jurisdiction: 'US-CA-LOS ANGELES',
    jurisdictionName: 'Los Angeles',
    taxType: 'LOCAL',
    // 9.5 % combined in the city of Los Angeles, less the 7.25 % statewide rate.
    rate: '0.0225',
    from: '2017-10-01',
    to: '2025-03-31',
    shippingTaxed: false,
    shippingSource: 'CDTFA Publication 100: district taxes follow the state tax base',
    source:
      'CDTFA, California City & County Sales & Use Tax Rates: city of Los Angeles 9.5 % before Measure A',
  },
  {
    jurisdiction: 'US-CA-LOS ANGELES',
    jurisdictionName: 'Los Angeles',
    taxType: 'LOCAL',
    // 9.75 % combined: Measure A replaced Measure H's 0.25 % with 0.5 % countywide.
    rate: '0.025',
    from: '2025-04-01',
    to: null,
    shippingTaxed: false,
    shippingSource: 'CDTFA Publication 100: district taxes follow the state tax base',
    source:
      'CDTFA Special Notice, Los Angeles County Measure A (Homelessness Services and Affordable Housing Ordinance), effective 2025-04-01: city of Los Angeles 9.75 %',
  },
  {
    jurisdiction: 'US-NY-NEW YORK CITY',
    jurisdictionName: 'New York City',
    taxType: 'LOCAL',
    // NYC's 4.5 % plus the Metropolitan Commuter Transportation District's 0.375 %.
    rate: '0.04875',
    from: '2009-08-01',
    to: null,
    shippingTaxed: true,
    shippingSource: 'NYS Tax Bulletin TB-ST-838: local taxes follow the state tax base',
    source:
      'NYS Publication 718 (New York State Sales and Use Tax Rates by Jurisdiction): New York City 8.875 % = 4 % state + 4.5 % city + 0.375 % MCTD',
  },
];

/**
 * How clothing is treated where it is not simply taxed at the row's rate.
 * - exempt: no tax.
 * - exempt-below: an item whose unit price is under the threshold (or at most it, when
 *   inclusive) is exempt; at or above it, the whole price is taxed at the full rate.
 * - taxable-above: only the part of each item's price above the threshold is taxed.
 * - rebated: the tax applies at a lower rate (the provincial part of the HST rebated at the
 *   point of sale leaves the federal 5 %).
 */
export type ClothingTreatment =
  | { kind: 'exempt' }
  | { kind: 'exempt-below'; unitPrice: string; inclusive: boolean }
  | { kind: 'taxable-above'; unitPrice: string }
  | { kind: 'rebated'; rate: string };

export interface ClothingRule {
  /** The row it changes: its jurisdiction and tax type. */
  jurisdiction: string;
  taxType: TaxType;
  taxClasses: readonly TaxClass[];
  treatment: ClothingTreatment;
  from: string;
  to: string | null;
  source: string;
}

const GI_063 =
  "CRA GST/HST Info Sheet GI-063, Point-of-Sale Rebate on Children's Goods (Aug 2014): https://www.canada.ca/en/revenue-agency/services/forms-publications/publications/gi-063/point-sale-rebate-on-childrens-goods.html";
const NY_CLOTHING =
  "NYS Publication 718-C and TSB-M-12(4)S: clothing and footwear sold for less than $110 per item or pair is exempt from the 4 % state tax, the MCTD tax and New York City's tax; $110 or more, the full 8.875 %";
const CHILDREN: readonly TaxClass[] = ['childrens_clothing'];
const ALL_CLOTHING: readonly TaxClass[] = ['clothing', 'childrens_clothing'];

export const CLOTHING_RULES: readonly ClothingRule[] = [
  {
    jurisdiction: 'CA-BC',
    taxType: 'PST',
    taxClasses: CHILDREN,
    treatment: { kind: 'exempt' },
    from: '2013-04-01',
    to: null,
    source: "BC Bulletin PST 201, Children's Clothing and Footwear (rev. 2018)",
  },
  {
    jurisdiction: 'CA-MB',
    taxType: 'RST',
    taxClasses: CHILDREN,
    treatment: { kind: 'exempt-below', unitPrice: '150', inclusive: true },
    from: '1998-04-01',
    to: null,
    source:
      "Manitoba Bulletin No. 001, Clothing, Footwear and Accessories (rev. 2019): children's sizes exempt when the item sells for $150 or less",
  },
  {
    jurisdiction: 'CA-SK',
    taxType: 'PST',
    taxClasses: CHILDREN,
    treatment: { kind: 'exempt' },
    from: '2006-10-28',
    // The 2017-18 budget ended the exemption (Information Notice IN 2017-06).
    to: '2017-03-31',
    source:
      "Saskatchewan Information Bulletin PST-1 (children's clothing exempt); ended by IN 2017-06, Elimination of PST Exemption on Children's Clothing and Footwear, from 2017-04-01",
  },
  {
    jurisdiction: 'CA-ON',
    taxType: 'HST',
    taxClasses: CHILDREN,
    treatment: { kind: 'rebated', rate: '0.05' },
    from: '2010-07-01',
    to: null,
    source: GI_063,
  },
  {
    jurisdiction: 'CA-NS',
    taxType: 'HST',
    taxClasses: CHILDREN,
    treatment: { kind: 'rebated', rate: '0.05' },
    from: '2010-07-01',
    to: null,
    source: GI_063,
  },
  {
    jurisdiction: 'CA-PE',
    taxType: 'HST',
    taxClasses: CHILDREN,
    treatment: { kind: 'rebated', rate: '0.05' },
    from: '2013-04-01',
    to: null,
    source: GI_063,
  },
  {
    jurisdiction: 'US-NY',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'exempt-below', unitPrice: '110', inclusive: false },
    from: '2012-04-01',
    to: null,
    source: NY_CLOTHING,
  },
  {
    jurisdiction: 'US-NY-NEW YORK CITY',
    taxType: 'LOCAL',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'exempt-below', unitPrice: '110', inclusive: false },
    from: '2012-04-01',
    to: null,
    source: NY_CLOTHING,
  },
  {
    jurisdiction: 'US-MN',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'exempt' },
    from: '2000-01-01',
    to: null,
    source: 'Minnesota Statutes 297A.67 subd. 8: clothing is exempt',
  },
  {
    jurisdiction: 'US-NJ',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'exempt' },
    from: '2000-01-01',
    to: null,
    source: 'N.J.S.A. 54:32B-8.4: clothing and footwear are exempt',
  },
  {
    jurisdiction: 'US-PA',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'exempt' },
    from: '2000-01-01',
    to: null,
    source: '72 P.S. 7204(26): clothing is exempt from Pennsylvania sales tax',
  },
  {
    jurisdiction: 'US-VT',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'exempt' },
    from: '2000-01-01',
    to: null,
    source: '32 V.S.A. 9741(45): clothing and footwear are exempt',
  },
  {
    jurisdiction: 'US-MA',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'taxable-above', unitPrice: '175' },
    from: '2000-01-01',
    to: null,
    source:
      'M.G.L. c. 64H s. 6(k): clothing is exempt up to $175 an item; tax applies to the excess',
  },
  {
    jurisdiction: 'US-RI',
    taxType: 'STATE',
    taxClasses: ALL_CLOTHING,
    treatment: { kind: 'taxable-above', unitPrice: '250' },
    from: '2012-10-01',
    to: null,
    source:
      'R.I. Gen. Laws 44-18-30(27): clothing and footwear exempt up to $250 an item; tax applies to the excess',
  },
];

/**
 * The five launch cities, recognised by a normalised city name (upper case, no accents,
 * single spaces) inside their province or state. New York City's names include its boroughs,
 * the city names its postal addresses use.
 */
export const LAUNCH_CITIES: readonly {
  jurisdiction: string;
  country: 'CA' | 'US';
  province: string;
  names: readonly string[];
}[] = [
  { jurisdiction: 'CA-BC-VANCOUVER', country: 'CA', province: 'BC', names: ['VANCOUVER'] },
  { jurisdiction: 'CA-QC-MONTREAL', country: 'CA', province: 'QC', names: ['MONTREAL'] },
  { jurisdiction: 'CA-ON-TORONTO', country: 'CA', province: 'ON', names: ['TORONTO'] },
  {
    jurisdiction: 'US-CA-LOS ANGELES',
    country: 'US',
    province: 'CA',
    names: ['LOS ANGELES', 'LA', 'CITY OF LOS ANGELES'],
  },
  {
    jurisdiction: 'US-NY-NEW YORK CITY',
    country: 'US',
    province: 'NY',
    names: [
      'NEW YORK',
      'NEW YORK CITY',
      'NYC',
      'MANHATTAN',
      'BROOKLYN',
      'BRONX',
      'THE BRONX',
      'QUEENS',
      'STATEN ISLAND',
    ],
  },
];
