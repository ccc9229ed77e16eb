/**
 * The framework's code loads after the page has painted (lib/script-loader.ts): the page a buyer or a crawler
 * gets first is complete HTML, and the code that takes over its buttons comes once it is on screen. Where the
 * browser cannot report paints, the code loads at once.
 */
import type { Page } from '@playwright/test';
import { SCRIPT_FALLBACK_MS } from '../lib/script-loader';
import { cartButton, categoryRoute, expect, orderForm, test, treppenlifte, ui } from './support';

/** Opens the German stairlift page, waits for its code to take over, and reads when what happened. */
async function load(page: Page) {
  await page.goto(categoryRoute(treppenlifte, 'de'));
  await expect(cartButton(page, 'de')).toBeEnabled();
  await expect(orderForm(page, 'de').getByRole('button', { name: ui.de.orderForm.submit })).toBeEnabled();
  const { paint, starts } = await page.evaluate(() => {
    const loader = document.querySelector<HTMLScriptElement>('script[data-scripts]');
    const urls: string[] = JSON.parse(loader?.dataset.scripts ?? '[]');
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      // When each listed script was asked for; a script the page never asked for has no entry.
      starts: urls.map((url) => performance.getEntriesByName(new URL(url, location.href).href)[0]?.startTime),
    };
  });
  expect(paint, 'the first contentful paint').toBeGreaterThan(0);
  expect(starts.length, 'scripts listed by the loader').toBeGreaterThan(0);
  return { paint, starts };
}

test('the framework’s scripts are asked for only after the first contentful paint, then take over the page', async ({
  page,
}) => {
  const { paint, starts } = await load(page);
  // Or after the loader's fallback, should the paint come later than that (a machine under heavy load): that
  // timer starts when the loader runs, so never before its delay from the navigation's start.
  for (const start of starts) expect(start).toBeGreaterThanOrEqual(Math.min(paint, SCRIPT_FALLBACK_MS));
});

test('a browser that cannot report paints asks for them at once, while it reads the page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });
  const { paint, starts } = await load(page);
  for (const start of starts) expect(start).toBeLessThan(paint);
});
