// Reviews and fit advice.
export * from './reviews';
export * from './review-schemas';
