/**
 * What the order form needs only once a buyer sends it: the reading of the
 * delivery area and the cart. It loads after the page's own code.
 */
export { areaCode, readArea } from '@/lib/order/area';
export { lineName } from '@/lib/cart/rules';
export { useCartStore } from '@/lib/cart/store';
