import { getCategories } from '@/lib/content';
import {
  allPages,
  isLocale,
  localeFromPath,
  locales,
  pageFromPath,
  pagePath,
  translatePath,
} from '@/lib/i18n';
import { specCategories, specHome, specOverview } from '@/testing/spec';

const categories = getCategories();

/** The spec's route table (§2), one row per page, from the oracle. */
const routeTable: readonly { page: string; de: string; en: string }[] = [
  { page: 'home', ...specHome },
  { page: 'overview', ...specOverview },
  ...specCategories.map(({ id, de, en }) => ({ page: id, de, en })),
];

const germanPaths = routeTable.map((row) => row.de);
const englishPaths = routeTable.map((row) => row.en);

describe('route table', () => {
  const pages = allPages(categories);

  it('has a home page, an overview and a page per category in every language', () => {
    expect(pages).toHaveLength(locales.length * (2 + categories.length));
    for (const locale of locales) {
      expect(pages.filter((page) => page.locale === locale)).toHaveLength(2 + categories.length);
    }
  });

  it('has every German path of the spec', () => {
    const paths = pages.filter((page) => page.locale === 'de').map(pagePath);
    expect(paths).toEqual(expect.arrayContaining(germanPaths));
  });

  it('has every English path of the spec', () => {
    const paths = pages.filter((page) => page.locale === 'en').map(pagePath);
    expect(paths).toEqual(expect.arrayContaining(englishPaths));
  });

  it('never lists a path twice', () => {
    const paths = pages.map(pagePath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(routeTable)('maps $de and $en back to the same page ($page)', ({ de, en }) => {
    const german = pageFromPath(de, categories);
    const english = pageFromPath(en, categories);
    expect(german?.locale).toBe('de');
    expect(english?.locale).toBe('en');
    expect(german?.kind).toBe(english?.kind);
    if (german?.kind === 'category' && english?.kind === 'category') {
      expect(german.category.id).toBe(english.category.id);
    }
  });

  it('does not know paths outside the table', () => {
    for (const path of [
      '/foo',
      '/en/foo',
      '/leads',
      '/leads/stairlifts',
      '/en/leads/treppenlifte',
      '/en/kategorien',
      '/categories',
    ]) {
      expect(pageFromPath(path, categories)).toBeUndefined();
    }
  });
});

describe('localeFromPath', () => {
  it.each(['/en', '/en/', '/en/categories', '/en/leads/stairlifts'])('reads %s as English', (path) => {
    expect(localeFromPath(path)).toBe('en');
  });

  it.each(['/', '/kategorien', '/leads/treppenlifte', '/english', '/enx/categories', ''])(
    'reads "%s" as German',
    (path) => {
      expect(localeFromPath(path)).toBe('de');
    },
  );
});

describe('isLocale', () => {
  it('accepts exactly "de" and "en"', () => {
    expect(isLocale('de')).toBe(true);
    expect(isLocale('en')).toBe(true);
  });

  it.each([['DE'], ['en-GB'], ['fr'], [''], [undefined], [null], [1], [['de']], [{ locale: 'de' }]])(
    'rejects %p',
    (value) => {
      expect(isLocale(value)).toBe(false);
    },
  );
});

describe('translatePath (language toggle)', () => {
  it.each(routeTable)('switches $page between $de and $en', ({ de, en }) => {
    expect(translatePath(de, 'en', categories)).toBe(en);
    expect(translatePath(en, 'de', categories)).toBe(de);
  });

  it('tolerates a trailing slash', () => {
    expect(translatePath('/kategorien/', 'en', categories)).toBe('/en/categories');
    expect(translatePath('/en/', 'de', categories)).toBe('/');
    expect(translatePath('/en/leads/heat-pumps/', 'de', categories)).toBe('/leads/waermepumpen');
    expect(translatePath('/leads/kanzlei/', 'en', categories)).toBe('/en/leads/law-firm');
  });

  it("sends an unknown path to the other language's home", () => {
    expect(translatePath('/foo', 'en', categories)).toBe('/en');
    expect(translatePath('/en/foo', 'de', categories)).toBe('/');
    expect(translatePath('/leads/unbekannt', 'en', categories)).toBe('/en');
    expect(translatePath('/en/leads/unknown', 'de', categories)).toBe('/');
    expect(translatePath('/english', 'en', categories)).toBe('/en');
  });
});
