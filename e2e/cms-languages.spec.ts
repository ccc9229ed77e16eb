/**
 * /admin in the editor's browser language. The CMS shows its own interface in that language where its
 * package has a translation, and in English where it has none, and every file it needs is served at the
 * first request: a file that failed would show an error and be asked for again and again.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** The CMS's interface strings in one of its languages, from the translation files of its npm package. */
function cmsStrings(language: string): { sign_in_with_x: string } {
  const packageRoot = path.dirname(path.dirname(require.resolve('@sveltia/cms')));
  return JSON.parse(fs.readFileSync(path.join(packageRoot, 'locales', `${language}.json`), 'utf8'));
}

/**
 * The sign-in button's name in a language. The CMS sets the service's name apart with Unicode isolates
 * (U+2068 … U+2069), as MessageFormat 2 does with every value it puts into a message.
 */
const signInName = (language: string) =>
  cmsStrings(language).sign_in_with_x.replace('{$service}', '\u2068GitHub\u2069');

/** The browser's language, and the translation of the CMS it gets. */
const languages = [
  { browser: 'de-DE', cms: 'de' },
  { browser: 'de', cms: 'de' },
  { browser: 'de-AT', cms: 'de' },
  { browser: 'en-US', cms: 'en-US' },
  { browser: 'fr-FR', cms: 'fr' },
  // The CMS has no Hungarian: its own default, English, which every editor of a German and English shop reads.
  { browser: 'hu-HU', cms: 'en-US' },
];

/** Records every request of the page, and every one that failed or was answered with an error. */
function watchRequests(page: Page) {
  const requests: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (!response.ok()) failed.push(`${response.url()}: ${response.status()}`);
  });
  return { requests, failed };
}

for (const { browser, cms } of languages) {
  test.describe(`/admin in a browser set to ${browser}`, () => {
    test.use({ locale: browser });

    // The guard (e2e/support.ts) also fails the test on any console error, policy violation or other site.
    test(`shows the CMS in its ${cms} translation, with every file served at the first request`, async ({
      page,
      guard,
    }) => {
      const { requests, failed } = watchRequests(page);
      await page.goto('/admin/');
      await expect(page.getByRole('button', { name: signInName(cms), exact: true })).toBeVisible();
      const toSignIn = requests.length;
      // Nothing is still being asked for: a file the CMS cannot load would be asked for without end.
      await page.waitForLoadState('networkidle');
      test.info().annotations.push({
        type: 'requests',
        description: `${toSignIn} to the sign-in button, ${requests.length} in all`,
      });

      expect(failed).toEqual([]);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await guard.cspEvents(page)).toEqual([]);
      expect(guard.thirdParty).toEqual([]);
    });
  });
}
