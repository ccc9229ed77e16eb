/**
 * @jest-environment node
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { categories } from '@/lib/categories';
import {
  getCategoryContent,
  getCategoryNames,
  getDictionary,
  getSite,
  validateAllContent,
} from '@/lib/content';

const realRoot = path.join(__dirname, '..', 'content');
const locales = ['de', 'en'] as const;

function readJson(root: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as unknown;
}

describe('the real content', () => {
  it('validates as a whole', () => {
    expect(() => validateAllContent(categories, realRoot)).not.toThrow();
  });

  it.each(locales)('has %s copy for every category: 6 benefits, 6 features and a testimonial', (locale) => {
    for (const category of categories) {
      const raw = readJson(realRoot, `${locale}/categories/${category.translationKey}.json`) as {
        benefits: unknown[];
        features: { title: string; description: string }[];
        testimonial: { text: string; author: string; company: string };
      };
      expect(raw.benefits).toHaveLength(6);
      expect(raw.features).toHaveLength(6);
      expect(raw.testimonial.text.trim()).not.toBe('');
      expect(raw.testimonial.author.trim()).not.toBe('');
      expect(raw.testimonial.company.trim()).not.toBe('');

      // The loader hands the same copy to the pages.
      expect(getCategoryContent(category, locale, realRoot)).toEqual(raw);
    }
  });

  it('has no category file that the category table does not know', () => {
    const keys = categories.map((category) => `${category.translationKey}.json`).sort();
    for (const locale of locales) {
      expect(fs.readdirSync(path.join(realRoot, locale, 'categories')).sort()).toEqual(keys);
    }
  });

  it('names every category in both languages', () => {
    for (const locale of locales) {
      const names = getCategoryNames(locale, categories, realRoot);
      expect(Object.keys(names).sort()).toEqual(categories.map((category) => category.id).sort());
      for (const category of categories) {
        expect(names[category.id]).toBe(
          (readJson(realRoot, `${locale}/categories/${category.translationKey}.json`) as { name: string })
            .name,
        );
      }
    }
  });

  it('reads the site settings and both dictionaries', () => {
    expect(getSite(realRoot)).toEqual(readJson(realRoot, 'site.json'));
    expect(getDictionary('de', realRoot)).toEqual(readJson(realRoot, 'de/ui.json'));
    expect(getDictionary('en', realRoot)).toEqual(readJson(realRoot, 'en/ui.json'));
  });
});

describe('the de and en dictionaries', () => {
  /** Every leaf as "path: type", e.g. `cart.increase: string`, `home.stats[0].value: string`. */
  function shape(value: unknown, at = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((item, index) => shape(item, `${at}[${index}]`));
    if (typeof value === 'object' && value !== null) {
      return Object.entries(value).flatMap(([key, item]) => shape(item, at ? `${at}.${key}` : key));
    }
    return [`${at}: ${typeof value}`];
  }

  /** Every string leaf with its `{placeholders}`, e.g. `cart.increase: {name}`. */
  function placeholders(value: unknown, at = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((item, index) => placeholders(item, `${at}[${index}]`));
    if (typeof value === 'object' && value !== null) {
      return Object.entries(value).flatMap(([key, item]) => placeholders(item, at ? `${at}.${key}` : key));
    }
    const names = typeof value === 'string' ? (value.match(/\{\w+\}/g) ?? []).sort().join(' ') : '';
    return [`${at}: ${names}`];
  }

  const de = readJson(realRoot, 'de/ui.json');
  const en = readJson(realRoot, 'en/ui.json');

  it('have the same keys, deeply', () => {
    expect(shape(en)).toEqual(shape(de));
  });

  it('use the same placeholders in every string', () => {
    expect(placeholders(en)).toEqual(placeholders(de));
  });
});

describe('broken content', () => {
  let root: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-content-'));
    fs.cpSync(realRoot, root, { recursive: true });
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  function edit(file: string, change: (json: Record<string, unknown>) => void) {
    const json = readJson(root, file) as Record<string, unknown>;
    change(json);
    fs.writeFileSync(path.join(root, file), JSON.stringify(json, null, 2));
  }

  function validationMessage(): string {
    try {
      validateAllContent(categories, root);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('validateAllContent accepted broken content');
  }

  it('passes for an untouched copy (so the failures below come from the edits)', () => {
    expect(() => validateAllContent(categories, root)).not.toThrow();
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
    fs.writeFileSync(path.join(root, 'de/categories/treppenlifte.json'), '{ "name": "Treppenlifte", ');
    const message = validationMessage();
    expect(message).toContain('content/de/categories/treppenlifte.json');
    expect(message).toMatch(/JSON/);
  });

  it('names the file when it is missing', () => {
    fs.rmSync(path.join(root, 'en/categories/baufinanzierung.json'));
    const message = validationMessage();
    expect(message).toContain('content/en/categories/baufinanzierung.json');
  });

  it('reports every broken file at once, not just the first', () => {
    edit('de/categories/treppenlifte.json', (json) => {
      delete json.h1;
    });
    fs.rmSync(path.join(root, 'site.json'));
    const message = validationMessage();
    expect(message).toContain('content/de/categories/treppenlifte.json');
    expect(message).toMatch(/\bh1\b/);
    expect(message).toContain('content/site.json');
  });
});
