import { allPages, counterpartPath, isLocale, localeFromPath, pageFromPath, pagePath } from '@/lib/i18n';

/**
 * The route table of spec §2 with `{product}` = "leads", typed out by hand:
 * this is the oracle the code's own table is checked against.
 */
const routeTable: readonly { page: string; de: string; en: string }[] = [
  { page: 'home', de: '/', en: '/en' },
  { page: 'overview', de: '/kategorien', en: '/en/categories' },
  { page: 'treppenlifte', de: '/leads/treppenlifte', en: '/en/leads/stairlifts' },
  { page: 'photovoltaik', de: '/leads/photovoltaik', en: '/en/leads/solar' },
  { page: 'waermepumpen', de: '/leads/waermepumpen', en: '/en/leads/heat-pumps' },
  { page: 'ueberdachung', de: '/leads/ueberdachung', en: '/en/leads/roofing' },
  { page: 'fensterbau', de: '/leads/fensterbau', en: '/en/leads/windows' },
  { page: 'stromtarif', de: '/leads/stromtarif', en: '/en/leads/electricity' },
  { page: 'energieberatung', de: '/leads/energieberatung', en: '/en/leads/energy-consulting' },
  { page: 'kanzlei', de: '/leads/kanzlei', en: '/en/leads/law-firm' },
  { page: 'coaching', de: '/leads/coaching', en: '/en/leads/coaching' },
  { page: 'consulting', de: '/leads/consulting', en: '/en/leads/consulting' },
  { page: 'immobilien', de: '/leads/immobilien', en: '/en/leads/real-estate' },
  { page: 'baufinanzierung', de: '/leads/baufinanzierung', en: '/en/leads/financing' },
];

const germanPaths = routeTable.map((row) => row.de);
const englishPaths = routeTable.map((row) => row.en);

describe('route table', () => {
  const pages = allPages();

  it('has exactly 28 pages, 14 per language', () => {
    expect(pages).toHaveLength(28);
    expect(pages.filter((page) => page.locale === 'de')).toHaveLength(14);
    expect(pages.filter((page) => page.locale === 'en')).toHaveLength(14);
  });

  it('has exactly the German paths of the spec', () => {
    const paths = pages.filter((page) => page.locale === 'de').map(pagePath);
    expect([...paths].sort()).toEqual([...germanPaths].sort());
  });

  it('has exactly the English paths of the spec', () => {
    const paths = pages.filter((page) => page.locale === 'en').map(pagePath);
    expect([...paths].sort()).toEqual([...englishPaths].sort());
  });

  it('never lists a path twice', () => {
    const paths = pages.map(pagePath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(routeTable)('maps $de and $en back to the same page ($page)', ({ de, en }) => {
    const german = pageFromPath(de);
    const english = pageFromPath(en);
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
      expect(pageFromPath(path)).toBeUndefined();
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

describe('counterpartPath (language toggle)', () => {
  it.each(routeTable)('switches $page between $de and $en', ({ de, en }) => {
    expect(counterpartPath(de)).toBe(en);
    expect(counterpartPath(en)).toBe(de);
  });

  it('tolerates a trailing slash', () => {
    expect(counterpartPath('/kategorien/')).toBe('/en/categories');
    expect(counterpartPath('/en/')).toBe('/');
    expect(counterpartPath('/en/leads/heat-pumps/')).toBe('/leads/waermepumpen');
    expect(counterpartPath('/leads/kanzlei/')).toBe('/en/leads/law-firm');
  });

  it("sends an unknown path to the other language's home", () => {
    expect(counterpartPath('/foo')).toBe('/en');
    expect(counterpartPath('/en/foo')).toBe('/');
    expect(counterpartPath('/leads/unbekannt')).toBe('/en');
    expect(counterpartPath('/en/leads/unknown')).toBe('/');
    expect(counterpartPath('/english')).toBe('/en');
  });
});
