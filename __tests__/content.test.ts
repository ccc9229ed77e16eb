/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { readJson, useContentCopy } from '@/testing/helpers';
import { categoryGradients, categoryIcons } from '@/lib/categories';
import { factValues } from '@/lib/facts';
import { locales } from '@/lib/i18n';
import { addFixtureCopy, fixtureCategory } from '@/testing/fixture-category';
import { schemaFileFor } from '@/lib/content-json-schemas';
import {
  contentRoot,
  getCategories,
  getCategoryContent,
  getCategoryNames,
  getDictionary,
  getSite,
  validateAllContent,
} from '@/lib/content';

const categories = getCategories();

/** The placeholders that name a business fact in content/site.json or lib/: the loaders fill them. */
const factPlaceholder = new RegExp(
  `\\{(${Object.keys(factValues('de', getSite(), getDictionary('de').facts)).join('|')})\\}`,
);

/**
 * Where the loaded value differs from the file: every text must be the file's own, except that a text
 * with a fact placeholder has it filled (the words around it stay).
 */
function sameButFilled(loaded: unknown, raw: unknown, at = ''): string[] {
  if (typeof raw === 'string') {
    if (typeof loaded !== 'string') return [`${at}: not text`];
    if (!factPlaceholder.test(raw)) return loaded === raw ? [] : [`${at}: changed`];
    const words = raw.split(/\{\w+\}/).filter((part) => part.trim() !== '');
    const problems = words.filter((part) => !loaded.includes(part)).map((part) => `${at}: lost "${part}"`);
    if (factPlaceholder.test(loaded)) problems.push(`${at}: a fact placeholder is left: ${loaded}`);
    return problems;
  }
  if (Array.isArray(raw)) {
    if (!Array.isArray(loaded) || loaded.length !== raw.length) return [`${at}: not the same list`];
    return raw.flatMap((item, index) => sameButFilled(loaded[index], item, `${at}[${index}]`));
  }
  if (typeof raw === 'object' && raw !== null) {
    const record = loaded as Record<string, unknown>;
    return Object.entries(raw).flatMap(([key, item]) =>
      sameButFilled(record[key], item, at ? `${at}.${key}` : key),
    );
  }
  return loaded === raw ? [] : [`${at}: changed`];
}

/** What the build's validation says of the content as it is now; the test fails if it accepts it. */
function validationMessage(): string {
  try {
    validateAllContent();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('validateAllContent accepted broken content');
}

describe('the real content', () => {
  it('validates as a whole', () => {
    expect(() => validateAllContent()).not.toThrow();
  });

  it.each(locales)('has %s copy for every category: 6 benefits, 6 features and a testimonial', (locale) => {
    for (const category of categories) {
      const raw = readJson(`${locale}/categories/${category.translationKey}.json`) as {
        benefits: unknown[];
        features: { title: string; description: string }[];
        testimonial: { text: string; author: string; company: string };
      };
      expect(raw.benefits).toHaveLength(6);
      expect(raw.features).toHaveLength(6);
      expect(raw.testimonial.text.trim()).not.toBe('');
      expect(raw.testimonial.author.trim()).not.toBe('');
      expect(raw.testimonial.company.trim()).not.toBe('');

      // The loader hands the same copy to the pages, with the business facts filled in.
      expect(sameButFilled(getCategoryContent(category, locale), raw)).toEqual([]);
    }
  });

  it('names every category in both languages', () => {
    for (const locale of locales) {
      const names = getCategoryNames(locale);
      expect(Object.keys(names).sort()).toEqual(categories.map((category) => category.id).sort());
      for (const category of categories) {
        expect(names[category.id]).toBe(
          (readJson(`${locale}/categories/${category.translationKey}.json`) as { name: string }).name,
        );
      }
    }
  });

  it('reads the site settings and both dictionaries', () => {
    expect(getSite()).toEqual(readJson('site.json'));
    for (const locale of locales) {
      expect(sameButFilled(getDictionary(locale), readJson(`${locale}/ui.json`))).toEqual([]);
    }
  });
});

describe('broken content', () => {
  const root = useContentCopy();

  function edit(file: string, change: (json: Record<string, unknown>) => void) {
    const json = readJson(file, root()) as Record<string, unknown>;
    change(json);
    fs.writeFileSync(path.join(root(), file), JSON.stringify(json, null, 2));
  }

  it('passes for an untouched copy (so the failures below come from the edits)', () => {
    expect(() => validateAllContent()).not.toThrow();
  });

  it('refuses a placeholder in the copy that the site does not fill in, even the same in both languages', () => {
    // {maxBuyers} with a small b: the languages agree, and the page would show the braces.
    for (const locale of locales)
      edit(`${locale}/categories/treppenlifte.json`, (json) => {
        (json.benefits as string[])[0] += ' Höchstens {maxbuyers} Käufer.';
      });
    const message = validationMessage();
    expect(message).toContain('content/de/categories/treppenlifte.json: {maxbuyers}');
    expect(message).toContain('{maxBuyers}');
  });

  it('names the file and the field when a field is missing', () => {
    edit('de/categories/treppenlifte.json', (json) => {
      delete json.benefits;
    });
    const message = validationMessage();
    expect(message).toContain('content/de/categories/treppenlifte.json');
    expect(message).toMatch(/\bbenefits\b/);
  });

  it('names the file and the field when a field has the wrong type', () => {
    edit('en/categories/photovoltaik.json', (json) => {
      json.benefits = 'Fast, cheap and good.';
    });
    const message = validationMessage();
    expect(message).toContain('content/en/categories/photovoltaik.json');
    expect(message).toMatch(/\bbenefits\b/);
  });

  it('names the nested field, e.g. the testimonial author', () => {
    edit('de/categories/kanzlei.json', (json) => {
      (json.testimonial as Record<string, unknown>).author = 42;
    });
    const message = validationMessage();
    expect(message).toContain('content/de/categories/kanzlei.json');
    expect(message).toContain('testimonial.author');
  });

  it('rejects a blank name', () => {
    edit('de/categories/stromtarif.json', (json) => {
      json.name = '   ';
    });
    const message = validationMessage();
    expect(message).toContain('content/de/categories/stromtarif.json');
    expect(message).toMatch(/\bname\b/);
  });

  it('rejects five benefits where six are required', () => {
    edit('en/categories/coaching.json', (json) => {
      json.benefits = (json.benefits as string[]).slice(0, 5);
    });
    const message = validationMessage();
    expect(message).toContain('content/en/categories/coaching.json');
    expect(message).toMatch(/\bbenefits\b/);
  });

  it('names a dictionary key that is missing from ui.json', () => {
    edit('en/ui.json', (json) => {
      delete (json.cart as Record<string, unknown>).checkout;
    });
    const message = validationMessage();
    expect(message).toContain('content/en/ui.json');
    expect(message).toContain('cart.checkout');
  });

  it('names the file when it is not valid JSON', () => {
    fs.writeFileSync(path.join(root(), 'de/categories/treppenlifte.json'), '{ "name": "Treppenlifte", ');
    const message = validationMessage();
    expect(message).toContain('content/de/categories/treppenlifte.json');
    expect(message).toMatch(/JSON/);
  });

  it('names the file when it is missing', () => {
    fs.rmSync(path.join(root(), 'en/categories/baufinanzierung.json'));
    const message = validationMessage();
    expect(message).toContain('content/en/categories/baufinanzierung.json');
  });

  it('names the file, the key and the reference file when a translation lacks a key', () => {
    edit('en/ui.json', (json) => {
      delete (json.footer as Record<string, unknown>).imprint;
    });
    const message = validationMessage();
    // The schema reports it first; with the key optional it would be the translation check.
    expect(message).toContain('content/en/ui.json');
    expect(message).toContain('footer.imprint');
  });

  it('names a placeholder that one language lacks', () => {
    edit('en/ui.json', (json) => {
      (json.overview as Record<string, string>).subtitle = 'All our industries, with net prices per lead.';
    });
    const message = validationMessage();
    expect(message).toContain('content/en/ui.json: "overview.subtitle" uses the placeholders {none}');
    expect(message).toContain('content/de/ui.json uses {count}');
  });

  it('names a field of a category file that only one language has', () => {
    edit('en/categories/coaching.json', (json) => {
      (json.testimonial as Record<string, unknown>).role = 'CEO';
    });
    expect(validationMessage()).toContain('content/en/categories/coaching.json');
  });

  it('reports every broken file at once, not just the first', () => {
    edit('de/categories/treppenlifte.json', (json) => {
      delete json.h1;
    });
    fs.rmSync(path.join(root(), 'site.json'));
    const message = validationMessage();
    expect(message).toContain('content/de/categories/treppenlifte.json');
    expect(message).toMatch(/\bh1\b/);
    expect(message).toContain('content/site.json');
  });
});

describe('a broken category table', () => {
  const root = useContentCopy();

  type Row = Record<string, unknown> & { slugs: Record<string, string> };

  function messageAfter(change: (rows: Row[]) => void): string {
    const file = path.join(root(), 'categories.json');
    const table = JSON.parse(fs.readFileSync(file, 'utf8')) as { categories: Row[] };
    change(table.categories);
    fs.writeFileSync(file, JSON.stringify(table));
    try {
      validateAllContent();
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('validateAllContent accepted a broken table');
  }

  it('names the file, the row and the allowed values for an unknown icon', () => {
    const message = messageAfter((rows) => {
      rows[2]!.icon = 'rocket';
    });
    expect(message).toContain('content/categories.json');
    expect(message).toContain(`categories[2] (id "${categories[2]!.id}").icon`);
    for (const icon of categoryIcons) expect(message).toContain(`"${icon}"`);
  });

  it('names the allowed colour pairs for an unknown gradient', () => {
    const message = messageAfter((rows) => {
      rows[0]!.gradient = 'from-red-600 to-red-800';
    });
    expect(message).toContain(`categories[0] (id "${categories[0]!.id}").gradient`);
    for (const name of Object.keys(categoryGradients)) expect(message).toContain(`"${name}"`);
  });

  it.each([
    ['0', 0, /greater than 0/],
    ['a fraction', 89.5, /whole number of euros/],
    ['text', '89', /number/],
  ])('rejects a price of %s', (_label, price, reason) => {
    const message = messageAfter((rows) => {
      rows[1]!.price = price;
    });
    expect(message).toContain(`categories[1] (id "${categories[1]!.id}").price`);
    expect(message).toMatch(reason);
  });

  it('rejects ids and slugs that do not fit into a URL', () => {
    const message = messageAfter((rows) => {
      rows[3]!.id = 'Überdachung';
      rows[4]!.slugs.en = 'windows & doors';
    });
    expect(message).toContain('categories[3] (id "Überdachung").id');
    expect(message).toContain('.slugs.en');
    expect(message).toMatch(/URL/);
  });

  it('rejects an id or a slug used twice', () => {
    const message = messageAfter((rows) => {
      rows[5]!.id = rows[0]!.id as string;
      rows[6]!.slugs.de = rows[0]!.slugs.de!;
    });
    expect(message).toContain(`"${categories[0]!.id}" is already used by row 1`);
    expect(message).toContain('.slugs.de');
  });

  it('names the copy file a new row still lacks', () => {
    const message = messageAfter((rows) => {
      rows.push({ ...fixtureCategory, slugs: { ...fixtureCategory.slugs } });
    });
    expect(message).toContain(
      `Missing content file content/de/categories/${fixtureCategory.translationKey}.json`,
    );
    expect(message).toContain(
      `Missing content file content/en/categories/${fixtureCategory.translationKey}.json`,
    );
  });
});

/**
 * A new industry's copy goes in before its row (content/ANLEITUNG.md), so that each of the two changes passes
 * the checks on its own: the copy waits, checked like any other, until a row names it.
 */
describe('a new industry’s copy before its row', () => {
  const root = useContentCopy();
  const model = categories[0]!.translationKey;

  it('passes alone, and the site does not show it yet', () => {
    addFixtureCopy(root(), model);
    expect(() => validateAllContent()).not.toThrow();
    expect(getCategories().map((category) => category.translationKey)).not.toContain(
      fixtureCategory.translationKey,
    );
  });

  it('is checked like any other copy: five benefits fail, naming the file', () => {
    addFixtureCopy(root(), model);
    const file = path.join(root(), 'en', 'categories', `${fixtureCategory.translationKey}.json`);
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { benefits: string[] };
    fs.writeFileSync(file, JSON.stringify({ ...json, benefits: json.benefits.slice(1) }));
    const message = validationMessage();
    expect(message).toContain(`content/en/categories/${fixtureCategory.translationKey}.json`);
    expect(message).toMatch(/\bbenefits\b/);
  });

  it('names the language it still lacks', () => {
    addFixtureCopy(root(), model, fixtureCategory.translationKey, ['de']);
    expect(validationMessage()).toContain(
      `Missing content file content/en/categories/${fixtureCategory.translationKey}.json`,
    );
  });

  it.each(['fliesenleger-ü', 'Fliesen leger'])('refuses the name "%s", which no row could name', (name) => {
    addFixtureCopy(root(), model, name);
    const message = validationMessage();
    expect(message).toContain(`content/<language>/categories/${name}.json`);
    expect(message).toMatch(/URL/);
  });
});

/** Every JSON file below content/, schemas excepted, relative to it. */
function contentFiles(dir = contentRoot()): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path
      .relative(contentRoot(), path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    return entry.isFile() && file.endsWith('.json') && !file.startsWith('schemas/') ? [file] : [];
  });
}

describe.each(contentFiles())('content/%s', (file) => {
  it('is a file the site reads, and names its JSON Schema so that editors get help while typing', () => {
    const schemaFile = schemaFileFor(file);
    expect(schemaFile).toBeDefined();
    const relative = path.posix.relative(path.posix.dirname(file), `schemas/${schemaFile}`);
    expect(readJson<{ $schema?: string }>(file).$schema).toBe(
      relative.startsWith('.') ? relative : `./${relative}`,
    );
  });
});
