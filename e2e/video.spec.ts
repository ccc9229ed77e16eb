import { expect, expectOpen, test, ui, type Lang } from './support';
import type { Locator, Page } from '@playwright/test';
import { VIDEO_HOST } from './security-rules';

// The player is the only third party the site ever contacts (spec §7), after the visitor's click.
test.use({ allowThirdParty: VIDEO_HOST });

async function openVideo(page: Page, lang: Lang): Promise<{ dialog: Locator; button: Locator }> {
  const button = page.getByRole('button', { name: ui[lang].home.hero.watchVideo });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Lead Generation Video' });
  await expectOpen(dialog, lang, 'Lead Generation Video');
  return { dialog, button };
}

/** The iframe's box, and whether it is 16:9 (±2 px) and wholly inside the window. */
async function frameFit(page: Page, frame: Locator) {
  const box = await frame.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return { box, sixteenByNine: false, inside: false };
  return {
    box,
    sixteenByNine: Math.abs(box.height - (box.width * 9) / 16) <= 2,
    inside:
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= viewport.width + 0.5 &&
      box.y + box.height <= viewport.height + 0.5,
  };
}

test('the video loads only after consent, stays 16:9 inside the window and goes away on close', async ({
  page,
  guard,
}) => {
  const { thirdParty } = guard;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');

  const { dialog, button } = await openVideo(page, 'de');
  const frame = dialog.locator('iframe');
  await expect(dialog.getByText(ui.de.video.consent)).toBeVisible();
  await expect(frame).toHaveCount(0);
  expect(thirdParty, 'no third-party request before consent').toEqual([]);

  await dialog.getByRole('button', { name: ui.de.video.load }).click();
  await expect(frame).toHaveCount(1);
  const src = await frame.getAttribute('src');
  expect(new URL(src ?? '').hostname).toMatch(/(^|\.)youtube-nocookie\.com$/);
  await expect(frame).toHaveAttribute('title', 'Lead Generation Video');
  // The only outside load is the player itself (spec §7).
  await expect.poll(() => thirdParty.length).toBeGreaterThan(0);
  for (const url of thirdParty) {
    expect(new URL(url).protocol, url).toBe('https:');
    expect(new URL(url).hostname, url).toMatch(VIDEO_HOST);
  }

  for (const size of [
    { width: 1280, height: 900 },
    { width: 500, height: 800 },
    { width: 1280, height: 400 },
    { width: 375, height: 667 },
  ]) {
    await page.setViewportSize(size);
    await expect
      .poll(
        async () => {
          const fit = await frameFit(page, frame);
          return fit.sixteenByNine && fit.inside;
        },
        { message: `16:9 inside ${size.width}×${size.height}` },
      )
      .toBe(true);
    const { box } = await frameFit(page, frame);
    // Not shrunk to a stamp: the player uses most of the limiting dimension.
    expect(Math.max(box!.width / size.width, box!.height / size.height)).toBeGreaterThan(0.5);
  }

  await dialog.getByRole('button', { name: ui.de.video.close }).click();
  await expect(frame).toHaveCount(0);
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // Opening again asks for consent again: no player until the visitor agrees.
  await openVideo(page, 'de');
  await expect(frame).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the English home opens the same video dialog, closed with Escape', async ({ page, guard }) => {
  const { thirdParty } = guard;
  await page.goto('/en');
  const { dialog, button } = await openVideo(page, 'en');
  await expect(dialog.getByText(ui.en.video.consent)).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveCount(0);
  await dialog.getByRole('button', { name: ui.en.video.load }).click();
  await expect(dialog.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\//);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(button).toBeFocused();
  for (const url of thirdParty) {
    expect(new URL(url).protocol, url).toBe('https:');
    expect(new URL(url).hostname, url).toMatch(VIDEO_HOST);
  }
});
