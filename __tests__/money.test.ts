import { plain } from '@/testing/helpers';
import {
  EXCLUSIVE_FACTOR,
  eurosToCents,
  exclusiveSurchargeCents,
  formatAmount,
  formatEuros,
  formatMoney,
  unitPriceCents,
} from '@/lib/money';

/** Intl puts a no-break space (U+00A0) or narrow no-break space (U+202F) before "€"; compare with plain spaces. */

describe('formatMoney (cents, two decimals)', () => {
  it.each([
    [120000, '1.200,00 €'],
    [8900, '89,00 €'],
    [44500, '445,00 €'],
    [1, '0,01 €'],
    [0, '0,00 €'],
    [123456789, '1.234.567,89 €'],
  ])('formats %i cents in German as %s', (cents, expected) => {
    expect(plain(formatMoney(cents, 'de'))).toBe(expected);
  });

  it.each([
    [120000, '€1,200.00'],
    [8900, '€89.00'],
    [44500, '€445.00'],
    [1, '€0.01'],
    [0, '€0.00'],
    [123456789, '€1,234,567.89'],
  ])('formats %i cents in English as %s', (cents, expected) => {
    expect(plain(formatMoney(cents, 'en'))).toBe(expected);
  });

  it('separates the German amount from the euro sign with a no-break space, so it never wraps', () => {
    expect(formatMoney(8900, 'de')).toMatch(/^89,00[\u00a0\u202f]€$/);
  });
});

describe('formatAmount (cents as a spreadsheet number)', () => {
  it('writes euros with two decimals and the language’s decimal mark, no thousands separator, no euro sign', () => {
    expect(formatAmount(387000, 'de')).toBe('3870,00');
    expect(formatAmount(387000, 'en')).toBe('3870.00');
    expect(formatAmount(123456789, 'de')).toBe('1234567,89');
    expect(formatAmount(5, 'en')).toBe('0.05');
  });
});

describe('formatEuros (whole euros, no decimals)', () => {
  it('formats "ab 89 €" and "from €89" prices', () => {
    expect(plain(formatEuros(89, 'de'))).toBe('89 €');
    expect(plain(formatEuros(89, 'en'))).toBe('€89');
  });

  it('groups thousands per locale', () => {
    expect(plain(formatEuros(1200, 'de'))).toBe('1.200 €');
    expect(plain(formatEuros(1200, 'en'))).toBe('€1,200');
  });
});

describe('formatting agrees with the platform', () => {
  // The formatter avoids Intl in the browser for speed; Intl (Node's full ICU) is the reference here.
  const reference = (locale: 'de' | 'en', digits: number) =>
    new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  const amounts = [
    0, 1, 9, 10, 99, 100, 101, 999, 1000, 8900, 9999, 10000, 99999, 100000, 123456, 999999, 1000000,
    123456789,
  ];
  const prices = [0, 1, 65, 89, 95.5, 120, 999, 1000, 1200, 12345.49, 1000000];

  it.each(['de', 'en'] as const)('formats cents exactly as Intl does in %s', (locale) => {
    for (const cents of amounts) {
      expect(formatMoney(cents, locale)).toBe(reference(locale, 2).format(cents / 100));
      // Intl writes −0 as "-0,00 €"; a shop never shows that, so zero is checked unsigned only.
      if (cents > 0) expect(formatMoney(-cents, locale)).toBe(reference(locale, 2).format(-cents / 100));
    }
  });

  it.each(['de', 'en'] as const)('formats a spreadsheet’s amount exactly as Intl does in %s', (locale) => {
    const number = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    for (const cents of amounts) {
      expect(formatAmount(cents, locale)).toBe(number.format(cents / 100));
      if (cents > 0) expect(formatAmount(-cents, locale)).toBe(number.format(-cents / 100));
    }
  });

  it.each(['de', 'en'] as const)('formats whole euros exactly as Intl does in %s', (locale) => {
    for (const euros of prices) {
      expect(formatEuros(euros, locale)).toBe(reference(locale, 0).format(euros));
    }
  });
});

describe('cents math', () => {
  it('converts euros to integer cents without float drift', () => {
    expect(eurosToCents(89)).toBe(8900);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(19.99)).toBe(1999);
    expect(Number.isInteger(eurosToCents(1.005))).toBe(true);
  });

  it('charges five times the base price for exclusive leads', () => {
    expect(EXCLUSIVE_FACTOR).toBe(5);
    expect(unitPriceCents(89, false)).toBe(8900);
    expect(unitPriceCents(89, true)).toBe(44500);
    expect(unitPriceCents(120, true)).toBe(60000);
  });

  it('shows the exclusive surcharge as 4 × base × quantity', () => {
    expect(exclusiveSurchargeCents(89, 1)).toBe(35600);
    expect(exclusiveSurchargeCents(89, 3)).toBe(4 * 8900 * 3);
    expect(exclusiveSurchargeCents(65, 100)).toBe(4 * 6500 * 100);
  });

  it('makes base total plus surcharge equal the exclusive total', () => {
    for (const [base, quantity] of [
      [89, 1],
      [95, 7],
      [105, 100],
    ] as const) {
      expect(unitPriceCents(base, false) * quantity + exclusiveSurchargeCents(base, quantity)).toBe(
        unitPriceCents(base, true) * quantity,
      );
    }
  });
});
