import type { CartItem } from '@/lib/cart/rules';
import { buyerVatCase, NEW_BUYER, type Buyer } from '@/lib/checkout/buyer';
import { summarizeOrder } from '@/lib/checkout/order';
import {
  BILLING_COUNTRIES,
  EU_COUNTRIES,
  HOME_COUNTRY,
  isBillingCountry,
  vatCase,
  vatTotals,
} from '@/lib/checkout/vat';
import { orderWords } from '@/lib/checkout/words';
import { getDictionary, getSite } from '@/lib/content';
import { fill } from '@/lib/format';
import { intlLocales } from '@/lib/i18n';

/** German VAT in percent, as content/site.json has it. */
const vatRate = getSite().facts.vatRate;

/**
 * The VAT on a net amount in cents, rounded half up to whole cents, in exact integer arithmetic: the rate is
 * read as the decimal it is written as (19 → 19/1, 7.5 → 75/10).
 */
function vatOracle(netCents: number, rate: number): number {
  const [whole, fraction = ''] = String(rate).split('.');
  const numerator = BigInt(`${whole}${fraction}`);
  const denominator = 10n ** BigInt(fraction.length);
  const twice = 2n * BigInt(netCents) * numerator + 100n * denominator;
  return Number(twice / (200n * denominator));
}

const otherEu = EU_COUNTRIES.filter((code) => code !== HOME_COUNTRY);

describe('the billing countries', () => {
  it('start with the home country, Germany, and hold every EU country once', () => {
    expect(HOME_COUNTRY).toBe('DE');
    expect(BILLING_COUNTRIES[0]).toBe(HOME_COUNTRY);
    expect(new Set(BILLING_COUNTRIES).size).toBe(BILLING_COUNTRIES.length);
    for (const code of EU_COUNTRIES) expect(isBillingCountry(code)).toBe(true);
    expect(isBillingCountry('CH')).toBe(true);
    expect(isBillingCountry('GB')).toBe(true);
    expect(isBillingCountry('US')).toBe(false);
    expect(isBillingCountry('')).toBe(false);
  });
});

describe('vatCase', () => {
  it('charges a buyer in Germany German VAT, with or without a VAT ID', () => {
    expect(vatCase('DE', false)).toBe('domestic');
    expect(vatCase('DE', true)).toBe('domestic');
  });

  it.each(otherEu)(
    'reverses the charge for a business in %s with a VAT ID, and charges VAT without',
    (code) => {
      expect(vatCase(code, true)).toBe('reverseCharge');
      expect(vatCase(code, false)).toBe('euWithoutVatId');
    },
  );

  it.each(['CH', 'GB', 'NO'])('charges no German VAT in %s, outside the EU', (code) => {
    expect(vatCase(code, false)).toBe('nonEu');
    expect(vatCase(code, true)).toBe('nonEu');
  });
});

describe('vatTotals', () => {
  it('charges the rate of site.json in Germany: net, VAT and gross in whole cents', () => {
    const net = 123_456;
    const totals = vatTotals(net, 'domestic', vatRate);
    expect(totals).toEqual({
      case: 'domestic',
      rate: vatRate,
      net,
      vat: vatOracle(net, vatRate),
      gross: net + vatOracle(net, vatRate),
    });
    expect(Number.isInteger(totals.vat)).toBe(true);
  });

  it('charges the same rate to a buyer in another EU country without a VAT ID', () => {
    expect(vatTotals(98_765, 'euWithoutVatId', vatRate)).toEqual({
      case: 'euWithoutVatId',
      rate: vatRate,
      net: 98_765,
      vat: vatOracle(98_765, vatRate),
      gross: 98_765 + vatOracle(98_765, vatRate),
    });
  });

  it.each(['reverseCharge', 'nonEu'] as const)('charges 0 %% VAT in the case %s', (which) => {
    expect(vatTotals(98_765, which, vatRate)).toEqual({
      case: which,
      rate: 0,
      net: 98_765,
      vat: 0,
      gross: 98_765,
    });
  });

  it('rounds the VAT half up to whole cents, for every amount', () => {
    const nets = [
      ...Array.from({ length: 20_001 }, (_, cents) => cents),
      99_999_999,
      123_456_789,
      1_000_000_001,
    ];
    const wrong = nets.filter((net) => {
      const totals = vatTotals(net, 'domestic', vatRate);
      return totals.vat !== vatOracle(net, vatRate) || totals.gross !== net + totals.vat;
    });
    expect(wrong).toEqual([]);
  });
});

describe('the VAT of an order', () => {
  const words = orderWords('de');
  const buyer: Buyer = {
    ...NEW_BUYER,
    company: 'Beispiel AG',
    name: 'Erika Beispiel',
    email: 'einkauf@beispiel.example',
    street: 'Beispielweg 7',
    postcode: '80331',
    city: 'München',
  };
  const row = (category: string, price: number): CartItem => ({
    id: `${category}-1-0`,
    category,
    exclusive: false,
    area: 'germany',
    price,
    quantity: 1,
  });

  it('is rounded once, on the net total, not on each row', () => {
    // Two rows whose VAT, rounded row by row, would add up to another amount than the total's.
    const price = Array.from({ length: 10_000 }, (_, cents) => cents + 1).find(
      (cents) => 2 * vatOracle(cents, vatRate) !== vatOracle(2 * cents, vatRate),
    );
    expect(price).toBeDefined();
    const summary = summarizeOrder([row('kanzlei', price!), row('coaching', price!)], buyer, vatRate, words);
    expect(summary.rows).toHaveLength(2);
    expect(summary.totals.net).toBe(2 * price!);
    expect(summary.totals.vat).toBe(vatOracle(2 * price!, vatRate));
    expect(summary.totals.gross).toBe(2 * price! + vatOracle(2 * price!, vatRate));
  });

  describe.each(['de', 'en'] as const)('with its note (%s)', (locale) => {
    const localWords = orderWords(locale);
    const notes = getDictionary(locale).checkout.vatNotes;
    const rate = new Intl.NumberFormat(intlLocales[locale]).format(vatRate);
    const items = [row('kanzlei', 10_000)];
    const summaryFor = (who: Partial<Buyer>) =>
      summarizeOrder(items, { ...buyer, ...who }, vatRate, localWords);

    it('charges German VAT in Germany, without a note', () => {
      const summary = summaryFor({});
      expect(summary.totals.case).toBe('domestic');
      expect(summary.totals.rate).toBe(vatRate);
      expect(summary.vatNote).toBe('');
    });

    it('reverses the charge for a business in another EU country with a valid VAT ID', () => {
      const summary = summaryFor({ country: 'AT', postcode: '1010', city: 'Wien', vatId: 'ATU13585627' });
      expect(summary.totals).toEqual({ case: 'reverseCharge', rate: 0, net: 10_000, vat: 0, gross: 10_000 });
      expect(summary.vatNote).toBe(notes.reverseCharge);
    });

    it.each([
      ['no VAT ID', ''],
      ['a VAT ID with a wrong check digit', 'ATU13585626'],
      ['a valid VAT ID of another country', 'DE136695976'],
    ])('charges German VAT in another EU country with %s, and says why', (_label, vatId) => {
      const summary = summaryFor({ country: 'AT', postcode: '1010', city: 'Wien', vatId });
      expect(summary.totals.case).toBe('euWithoutVatId');
      expect(summary.totals.rate).toBe(vatRate);
      expect(summary.totals.vat).toBe(vatOracle(10_000, vatRate));
      expect(summary.vatNote).toBe(fill(notes.euWithoutVatId, { rate }));
      expect(summary.vatNote).not.toMatch(/\{\w+\}/);
    });

    it.each([
      ['CH', '8001', 'CHE-116.281.710 MWST'],
      ['CH', '8001', ''],
      ['GB', 'SW1A 1AA', ''],
    ])(
      'charges no VAT outside the EU (%s, VAT ID "%s"), with the note on § 3a',
      (country, postcode, vatId) => {
        const summary = summaryFor({ country, postcode, city: 'Zürich', vatId });
        expect(summary.totals).toEqual({ case: 'nonEu', rate: 0, net: 10_000, vat: 0, gross: 10_000 });
        expect(summary.vatNote).toBe(notes.nonEu);
      },
    );
  });

  it('counts a VAT ID only when it passes its check (buyerVatCase)', () => {
    expect(buyerVatCase({ ...buyer, country: 'NL', vatId: ' NL004495445B01 ' })).toBe('reverseCharge');
    expect(buyerVatCase({ ...buyer, country: 'NL', vatId: 'NL004495446B01' })).toBe('euWithoutVatId');
    expect(buyerVatCase({ ...buyer, country: 'NL', vatId: '   ' })).toBe('euWithoutVatId');
    expect(buyerVatCase({ ...buyer, country: 'DE', vatId: 'DE136695976' })).toBe('domestic');
  });
});
