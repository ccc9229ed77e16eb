/** Quantities the order form accepts, and the most one cart line may hold. The form checks them before it loads the cart's code. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100;

export function isValidQuantity(quantity: unknown): quantity is number {
  return (
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= MIN_QUANTITY &&
    quantity <= MAX_QUANTITY
  );
}
