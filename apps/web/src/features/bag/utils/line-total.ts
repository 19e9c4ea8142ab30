/** A line's total to the cent, as the API computes the subtotal (spec 9: two decimals). */
export function lineTotal(unitPrice: number, quantity: number): number {
  return Math.round(unitPrice * quantity * 100) / 100;
}
