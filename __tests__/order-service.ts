/**
 * For the tests of the calling file: the build's `ORDER_ENDPOINT` set to `/api/orders`, as `npm start` and
 * `npm test` build the site (the order service beside it), and restored afterwards.
 */
export function withOrderService(): void {
  const before = process.env.ORDER_ENDPOINT;
  beforeAll(() => {
    process.env.ORDER_ENDPOINT = '/api/orders';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.ORDER_ENDPOINT;
    else process.env.ORDER_ENDPOINT = before;
  });
}
