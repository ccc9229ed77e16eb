import { z } from 'zod';

/**
 * Where the checkout sends orders: the order service's `POST /api/orders`, named at build time by
 * `ORDER_ENDPOINT`, either as an absolute http(s) URL (a service on another origin) or as a path on the
 * site's own origin (`/api/orders`, as `npm start` serves it). Unset, the site has no service: the buyer
 * orders by e-mail or copied text.
 */
/** The build's environment, as far as the order service goes. */
export type OrderEnv = Readonly<Record<string, string | undefined>>;

export function orderEndpoint(env: OrderEnv = process.env): string | undefined {
  const raw = env.ORDER_ENDPOINT?.trim();
  if (!raw) return undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) return new URL(raw, 'http://site.invalid').pathname;
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `ORDER_ENDPOINT must be an absolute http(s) URL or a path such as /api/orders, got "${raw}"`,
    );
  return parsed.data;
}

/** The origin that a page's policy must allow to connect to: none for a path on the site's own origin. */
export function orderEndpointOrigin(endpoint: string | undefined): string | undefined {
  return endpoint && !endpoint.startsWith('/') ? new URL(endpoint).origin : undefined;
}
