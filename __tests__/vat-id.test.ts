import { BILLING_COUNTRIES } from '@/lib/checkout/vat';
import { normalizeVatId, vatIdExample, vatIdProblem } from '@/lib/checkout/vat-id';

describe('vatIdProblem', () => {
  it.each([
    ['DE136695976', 'DE'],
    ['ATU13585627', 'AT'],
    ['NL004495445B01', 'NL'],
    ['CHE-116.281.710 MWST', 'CH'],
    ['EL094259216', 'GR'],
    ['de 136 695 976', 'DE'],
    ['atu-135.856.27', 'AT'],
  ])('passes the valid VAT ID %s for %s', (vatId, country) => {
    expect(vatIdProblem(vatId, country)).toBeUndefined();
  });

  it.each([
    ['DE12345678', 'DE', 'one digit short'],
    ['ATU1234567', 'AT', 'one digit short'],
    ['DE1366959761', 'DE', 'one digit too many'],
    ['AT13585627', 'AT', 'without the U'],
    ['XX136695976', 'DE', 'with an unknown prefix'],
    ['', 'DE', 'empty'],
    ['<script>alert(1)</script>', 'DE', 'markup'],
  ])('finds the format of %s for %s wrong (%s)', (vatId, country) => {
    expect(vatIdProblem(vatId, country)).toBe('format');
  });

  it.each([
    ['CHE-123.456.789', 'CH'],
    ['DE136695977', 'DE'],
    ['ATU13585626', 'AT'],
    ['NL004495446B01', 'NL'],
  ])('finds the check digit of %s for %s wrong', (vatId, country) => {
    expect(vatIdProblem(vatId, country)).toBe('checkDigit');
  });

  it.each([
    ['DE136695976', 'AT'],
    ['ATU13585627', 'DE'],
    ['CHE-116.281.710 MWST', 'DE'],
    ['NL004495445B01', 'BE'],
  ])('rejects the valid VAT ID %s for an address in %s', (vatId, country) => {
    expect(vatIdProblem(vatId, country)).toBe('country');
  });
});

describe('a number without its country prefix', () => {
  it('is no VAT ID of a German address', () => {
    expect(vatIdProblem('136695976', 'DE')).toBeDefined();
    expect(vatIdProblem('U13585627', 'AT')).toBeDefined();
  });
});

describe('normalizeVatId', () => {
  it('writes a VAT ID in upper case without spaces, dots or hyphens', () => {
    expect(normalizeVatId(' che-116.281.710 mwst ')).toBe('CHE116281710MWST');
    expect(normalizeVatId('atu 135\u00a0856 27')).toBe('ATU13585627');
    expect(normalizeVatId('DE136695976')).toBe('DE136695976');
  });
});

describe('vatIdExample', () => {
  it.each(BILLING_COUNTRIES)(
    'has the form of a VAT ID of %s, but a check digit that does not fit, so that a copy never counts as one',
    (code) => {
      const example = vatIdExample(code);
      expect(example).not.toBe('');
      expect(vatIdProblem(example, code)).toBe('checkDigit');
    },
  );

  it('is written as the country writes it: ATU for Austria, EL for Greece, the Swiss UID with dots', () => {
    expect(vatIdExample('AT')).toMatch(/^ATU\d{8}$/);
    expect(vatIdExample('GR')).toMatch(/^EL\d{9}$/);
    expect(vatIdExample('CH')).toMatch(/^CHE-\d{3}\.\d{3}\.\d{3} MWST$/);
  });
});
