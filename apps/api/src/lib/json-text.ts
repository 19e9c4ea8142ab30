/** JSON the database wrote (a page of product cards): sent as it is, never parsed and written again. */
export class JsonText {
  constructor(readonly json: string) {}
}
