/**
 * What a buyer or seller reads when the sales-tax provider (Stripe Tax) cannot help (issue 15).
 * The provider's own words (ids, parameters) go to the log, never to the page.
 */
export const TAX_PROVIDER_MESSAGES = {
  /** 502: the tax service answered with an error. */
  refused: 'Sales tax could not be calculated right now. Nothing was charged; please try again.',
  /** 504: the tax service did not answer (network down, or too slow). */
  unreachable:
    'The sales tax service did not answer. Nothing was charged; please try again in a moment.',
} as const;
