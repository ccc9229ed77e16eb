/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';
import { fill } from '@/lib/format';
import { readJson, useContentCopy } from '@/testing/helpers';
import { getCategories, getCategoryContent, getDictionary, getSite, validateAllContent } from '@/lib/content';
import { llmsTxt } from '@/lib/feeds';

interface UiFile {
  llms: { details: string };
  category: { ratingSource: string };
  facts: { paymentMethods: Record<string, string> };
}

describe('business facts', () => {
  const root = useContentCopy();

  function editSite(change: (site: { facts: Record<string, unknown> }) => void) {
    const file = path.join(root(), 'site.json');
    const site = JSON.parse(fs.readFileSync(file, 'utf8')) as { facts: Record<string, unknown> };
    change(site);
    fs.writeFileSync(file, JSON.stringify(site));
  }

  /** A text of content/<locale>/ui.json as the file has it, placeholders unfilled. */
  const uiText = (locale: 'de' | 'en', pick: (ui: UiFile) => string) =>
    pick(readJson<UiFile>(`${locale}/ui.json`));

  it('are stated in one place: a changed number changes every sentence that gives it, in both languages', () => {
    const before = getSite().facts.maxBuyers;
    editSite((site) => {
      site.facts.maxBuyers = 7;
    });
    const kanzlei = getCategories().find((category) => category.id === 'kanzlei')!;
    for (const locale of ['de', 'en'] as const) {
      const faq = JSON.stringify(getDictionary(locale).category.faq);
      expect(faq).toMatch(/\b7\b/);
      expect(faq).not.toMatch(new RegExp(`\\b${before}\\b`));
      expect(getCategoryContent(kanzlei, locale).benefits.join(' ')).toMatch(/\b7\b/);
    }
    // llms.txt states it too: the words of its template from the previous placeholder, then the new number.
    const words = uiText('en', (ui) => ui.llms.details)
      .split('{maxBuyers}')[0]!
      .split('}')
      .at(-1)!;
    expect(llmsTxt({ base: new URL('https://example.com') })).toContain(`${words}7`);
  });

  it('join their labels into sentences in each language', () => {
    editSite((site) => {
      site.facts.paymentMethods = ['sepa'];
    });
    const labels = readJson<UiFile>('de/ui.json').facts.paymentMethods;
    const de = JSON.stringify(getDictionary('de').home.faq);
    expect(de).toContain(labels.sepa);
    expect(de).not.toContain(labels.invoice);
  });

  it('show the rating source with its date in each language', () => {
    editSite((site) => {
      site.facts.rating = { ...(site.facts.rating as object), source: 'Trustpilot', date: '2026-03-05' };
    });
    expect(getDictionary('de').category.ratingSource).toBe(
      fill(
        uiText('de', (ui) => ui.category.ratingSource),
        { source: 'Trustpilot', date: '05.03.2026' },
      ),
    );
    expect(getDictionary('en').category.ratingSource).toContain('Trustpilot');
    expect(getDictionary('en').category.ratingSource).toContain('Mar 5, 2026');
  });

  it('name the file and the id when a language has no label for a fact id', () => {
    editSite((site) => {
      (site.facts.delivery as { channels: string[] }).channels = ['email', 'portal'];
    });
    expect(() => validateAllContent()).toThrow(
      'content/de/ui.json: facts.channels has no label for "portal", which content/site.json uses',
    );
  });

  it('reject a rating date that is not a date', () => {
    editSite((site) => {
      site.facts.rating = { ...(site.facts.rating as object), date: '31.10.2026' };
    });
    expect(() => validateAllContent()).toThrow(/content\/site\.json[\s\S]*facts\.rating\.date/);
  });
});
