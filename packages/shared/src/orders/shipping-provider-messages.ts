/**
 * What a seller or buyer reads when the shipping provider (EasyPost) cannot help (issue 16).
 * The provider's own words (ids, parameters) go to the log, never to the page.
 */
export const SHIPPING_PROVIDER_MESSAGES = {
  /** 502: the shipping service answered with an error (an address it cannot ship to, …). */
  refused:
    'The shipping service could not make this label right now. Nothing was bought; please check the addresses and try again.',
  /** 504: the shipping service did not answer (network down, or too slow). */
  unreachable: 'The shipping service did not answer. Please try again in a moment.',
  /** 400: a tracking webhook whose signature does not match, or that is too old to trust. */
  webhookRefused: 'This shipping event could not be verified.',
} as const;
