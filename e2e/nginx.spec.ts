/** What only nginx with deploy/nginx.conf does; run by the nginx project of playwright.config.ts. */
import { expect, test } from '@playwright/test';

test('plain http answers with a permanent redirect to the https site, path and query kept', async ({
  request,
  baseURL,
}) => {
  // scripts/serve-nginx.ts puts the block that listens on port 80 on the port after the site's.
  const http = new URL(baseURL!);
  http.port = String(Number(http.port) + 1);
  const response = await request.get(new URL('/kategorien?x=1', http).href, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe('https://www.leadwerk.de/kategorien?x=1');
});
