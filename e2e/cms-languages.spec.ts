/**
 * /admin as deployed, in the editor's browser language. The CMS shows its own interface in that language
 * where its package has a translation, and in English where it has none, and every file it needs is served at
 * the first request: a file that failed would show an error and be asked for again and again.
 *
 * The files are facts of the export, read from out/ without a browser: that each of the package's
 * translations is a file of its own that the CMS's code asks for, and that every file its code asks for is
 * there. The browser shows what only it can: the CMS choosing a language from the browser's, a region's
 * language falling back to the language (de-DE → de) and an unknown language to English (hu-HU), each at
 * its first request, under the policy of /admin, not indexed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as exportTest, type Page } from '@playwright/test';
import { expect, test } from './support';

const packageRoot = path.dirname(path.dirname(require.resolve('@sveltia/cms')));
/** The CMS as the export serves it: E2E_OUT (default out/), as for every end-to-end test. */
const bundle = path.join(process.env.E2E_OUT ?? 'out', 'admin', 'sveltia');

/** The languages the CMS's package has a translation for, from its translation files. */
const translations = fs
  .readdirSync(path.join(packageRoot, 'locales'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length));

/** The CMS's own default: its interface in English, part of its main file. */
const DEFAULT_TRANSLATION = 'en-US';

/** The CMS's interface strings in one of its languages, from the translation files of its npm package. */
function cmsStrings(language: string): { sign_in_with_x: string; work_with_local_repo: string } {
  return JSON.parse(fs.readFileSync(path.join(packageRoot, 'locales', `${language}.json`), 'utf8'));
}

/**
 * The sign-in button's name in a language. The CMS sets the service's name apart with Unicode isolates
 * (U+2068 … U+2069), as MessageFormat 2 does with every value it puts into a message.
 */
const signInName = (language: string) =>
  cmsStrings(language).sign_in_with_x.replace('{$service}', '\u2068GitHub\u2069');

/**
 * The browser's language, and the translation of the CMS it gets. The CMS matches a language with a region
 * to the translation of its language (de-DE, de-AT → de; fr-FR → fr), as the browser shows for de-DE.
 */
const languages = [
  { browser: 'de-DE', cms: 'de', inBrowser: true },
  { browser: 'de', cms: 'de', inBrowser: false },
  { browser: 'de-AT', cms: 'de', inBrowser: false },
  // The editing journey of e2e/cms.spec.ts runs in en-US and finds the CMS's buttons by their English names.
  { browser: 'en-US', cms: 'en-US', inBrowser: false },
  { browser: 'fr-FR', cms: 'fr', inBrowser: false },
  // The CMS has no Hungarian: its own default, English, which every editor of a German and English shop reads.
  { browser: 'hu-HU', cms: 'en-US', inBrowser: true },
];

/** Every JavaScript file of the bundle, by its path in the export. */
function scriptsIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? scriptsIn(path.join(dir, entry.name))
        : entry.name.endsWith('.js')
          ? [path.join(dir, entry.name)]
          : [],
    );
}

exportTest.describe('/admin’s translations in the export', () => {
  exportTest('each language of the table gets the translation of its language, or English', () => {
    for (const { browser, cms } of languages) {
      const language = browser.split('-')[0]!;
      const own = translations.filter((code) => code.split('-')[0] === language);
      expect({ browser, cms: translations.includes(cms) }).toEqual({ browser, cms: true });
      // Its own language, or none of it and the default.
      expect({ browser, cms }).toEqual({
        browser,
        cms: own.includes(browser) ? browser : own.length === 1 ? own[0] : DEFAULT_TRANSLATION,
      });
    }
  });

  exportTest('every translation is a file of the export that the CMS’s code asks for by its language', () => {
    const main = fs.readFileSync(path.join(bundle, 'index.js'), 'utf8');
    expect(main).toContain(cmsStrings(DEFAULT_TRANSLATION).sign_in_with_x);
    const others = translations.filter((code) => code !== DEFAULT_TRANSLATION);
    expect(others).toEqual(expect.arrayContaining(['de', 'fr']));
    for (const code of others) {
      const asked = [...main.matchAll(new RegExp(`import\\("\\./(chunks/${code}-[A-Z0-9]+\\.js)"\\)`, 'g'))];
      expect({ code, asked: asked.length }).toEqual({ code, asked: 1 });
      const file = path.join(bundle, asked[0]![1]!);
      expect({ code, served: fs.existsSync(file) }).toEqual({ code, served: true });
      // The file holds a translation of the interface: the sign-in button's name among its messages.
      expect({ code, translation: fs.readFileSync(file, 'utf8').includes('sign_in_with_x') }).toEqual({
        code,
        translation: true,
      });
    }
  });

  exportTest('every file the CMS’s code asks for is a file of the export', () => {
    const missing: string[] = [];
    let asked = 0;
    for (const script of scriptsIn(bundle)) {
      const text = fs.readFileSync(script, 'utf8');
      // Modules it imports, statically or when needed, and the fonts, images and workers it finds beside itself.
      const references = text.matchAll(
        /(?:\bimport\(|\bfrom|\bimport)\s*"(\.\.?\/[^"]+)"|new URL\("([^"]+)",\s*import\.meta\.url\)/g,
      );
      for (const [, module, asset] of references) {
        asked += 1;
        const file = path.join(path.dirname(script), (module ?? asset)!);
        if (!fs.existsSync(file)) missing.push(`${path.relative(bundle, script)} → ${module ?? asset}`);
      }
    }
    expect(asked).toBeGreaterThan(translations.length);
    expect(missing).toEqual([]);
  });
});

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

for (const { browser, cms } of languages.filter((language) => language.inBrowser)) {
  test.describe(`/admin as deployed, in a browser set to ${browser}`, () => {
    test.use({ locale: browser });

    // The guard (e2e/support.ts) also fails the test on any console error, policy violation or other site.
    test(`loads from the site alone under its own policy, unindexed, in its ${cms} translation, every file at the first request`, async ({
      page,
      guard,
    }) => {
      const { requests, failed } = watchRequests(page);
      const response = await page.goto('/admin/');
      expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
      await expect(page.locator('meta[name="robots"][content="noindex, nofollow"]')).toHaveCount(1);
      await expect(page.getByRole('button', { name: signInName(cms), exact: true })).toBeVisible();
      const toSignIn = requests.length;
      // On localhost, editors can also work on a folder of their checkout, without any account.
      await expect(
        page.getByRole('button', { name: cmsStrings(cms).work_with_local_repo, exact: true }),
      ).toBeVisible();
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
