// Returns (issue 39): the rules and the API's shapes.
export * from './returns';
export * from './return-schemas';
