import { domainToASCII } from 'node:url';
import {
  BUYER_FIELDS,
  buyerProblems,
  cleanBuyer,
  EMPTY_BUYER,
  MAX_LENGTHS,
  NEW_BUYER,
  OPTIONAL_FIELDS,
  postcodeExample,
  sanitizeBuyer,
  type Buyer,
  type BuyerField,
} from '@/lib/checkout/buyer';
import { problemMessage } from '@/lib/checkout/messages';
import { BILLING_COUNTRIES, HOME_COUNTRY } from '@/lib/checkout/vat';
import { orderWords } from '@/lib/checkout/words';
import { fill } from '@/lib/format';

/** Complete details of a buyer in Germany: no problem at all. */
const complete: Buyer = {
  company: 'Beispiel Solar GmbH',
  name: 'Erika Beispiel',
  email: 'einkauf@beispiel-solar.example',
  phone: '+49 89 123456',
  street: 'Beispielweg 7',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  vatId: 'DE136695976',
  poNumber: 'PO-4711',
  invoiceEmail: 'rechnung@beispiel-solar.example',
};

const REQUIRED_FIELDS = BUYER_FIELDS.filter((field) => !OPTIONAL_FIELDS.has(field));
const SCRIPT = '<script>alert(1)</script>';

describe('buyerProblems', () => {
  it('finds nothing wrong with complete details', () => {
    expect(buyerProblems(complete)).toEqual({});
  });

  /** The field's value with a line break inside (a NUL for the two-letter country), which would fake a line. */
  const broken = (field: BuyerField) =>
    field === 'country' ? 'D\u0000' : `${complete[field].slice(0, 1)}\nGesamt`;
  it.each(BUYER_FIELDS)('refuses a line break or control character inside the %s', (field) => {
    expect(buyerProblems({ ...complete, [field]: broken(field) })).toEqual({ [field]: 'control' });
    expect(buyerProblems({ ...complete, [field]: `${complete[field].slice(0, 1)}\u2028x` })).toMatchObject({
      [field]: expect.stringMatching(/control|tooLong/),
    });
  });

  it.each(['\u202e', '\u202a', '\u2066', '\u2069'])(
    'refuses a control of text direction (U+%s) that would make „Firma…exe.png“ show as another name',
    (control) => {
      const company = `Firma${control}gnp.exe\u202c GmbH`;
      expect(buyerProblems({ ...complete, company })).toEqual({ company: 'control' });
    },
  );

  it('says so in the checkout’s words, naming the field, in German and English', () => {
    for (const locale of ['de', 'en'] as const) {
      const words = orderWords(locale);
      const message = problemMessage('city', 'control', { ...complete, city: 'a\nb' }, words);
      expect(message).toContain(words.strings.fields.city);
      expect(message).toBe(fill(words.strings.errors.control, { field: words.strings.fields.city }));
    }
  });

  it('takes a line break at either end as trimmed, not as a break', () => {
    expect(buyerProblems({ ...complete, city: ' München\n' })).toEqual({});
  });

  it('asks for every required field, and for no optional one', () => {
    expect(REQUIRED_FIELDS).toEqual(
      expect.arrayContaining(['company', 'name', 'email', 'street', 'postcode', 'city', 'country']),
    );
    expect(buyerProblems(EMPTY_BUYER)).toEqual(
      Object.fromEntries(REQUIRED_FIELDS.map((field) => [field, 'required'])),
    );
  });

  it.each(REQUIRED_FIELDS)('counts a %s of nothing but spaces as missing', (field) => {
    expect(buyerProblems({ ...complete, [field]: ' \t ' })).toEqual({ [field]: 'required' });
  });

  it('accepts details without the optional fields', () => {
    const without = Object.fromEntries([...OPTIONAL_FIELDS].map((field) => [field, '']));
    expect(buyerProblems({ ...complete, ...without })).toEqual({});
  });

  it.each(['email', 'invoiceEmail'] as const)('checks the %s address', (field) => {
    for (const wrong of ['einkauf', 'einkauf@', '@beispiel.example', 'ein kauf@beispiel.example', 'a@b']) {
      expect(buyerProblems({ ...complete, [field]: wrong })).toEqual({ [field]: 'email' });
    }
    expect(buyerProblems({ ...complete, [field]: ' erika.beispiel+lead@sub.beispiel.example ' })).toEqual({});
  });

  it.each(['email', 'invoiceEmail'] as const)(
    'takes, as %s, an address at an internationalised domain, by the rules of its ASCII form',
    (field) => {
      // The domain's ASCII form from Node's own IDNA conversion, not the page's.
      // Top-level labels of other scripts too: Greece's, Russia's (also in capitals, as a mail header may write it).
      for (const address of [
        'info@müller-bau.de',
        'Einkauf@Müller-Bau.DE',
        'info@παράδειγμα.ελ',
        'info@пример.рф',
      ]) {
        const [local, domain] = address.split('@') as [string, string];
        expect(buyerProblems({ ...complete, [field]: `${local}@${domainToASCII(domain)}` })).toEqual({});
        expect(buyerProblems({ ...complete, [field]: address })).toEqual({});
      }
      expect(
        buyerProblems({ ...complete, [field]: `info@${domainToASCII('пример.рф').toUpperCase()}` }),
      ).toEqual({});
      // The part before the @ keeps its rules, and a domain is still a domain: nothing a URL would read as more.
      for (const wrong of [
        'müller@müller-bau.de',
        'info@müller-bau',
        'info@müller..de',
        'info@müller/bau.de',
        'info@müller-bau.de?x',
        'info@müller-bau.de#',
        'info@müller bau.de',
        'info@user@müller-bau.de',
        // A last label in IDNA's form that no encoder writes: no punycode, or ASCII letters only.
        'info@beispiel.xn---',
        'info@beispiel.xn--zz',
        'info@beispiel.xn--',
        'info@beispiel.xn--abc-',
      ])
        expect(buyerProblems({ ...complete, [field]: wrong })).toEqual({ [field]: 'email' });
    },
  );

  it.each([
    ['DE', '80331', ['8033', '803311', 'ABCDE', '8033a']],
    ['AT', '1010', ['101', '10101', '80331']],
    ['CH', '8001', ['800', '80011', 'CH-8001x']],
  ])('checks a postcode in %s', (country, good, wrongs) => {
    const vatId = '';
    expect(buyerProblems({ ...complete, country, vatId, postcode: good })).toEqual({});
    for (const postcode of wrongs) {
      expect(buyerProblems({ ...complete, country, vatId, postcode })).toEqual({ postcode: 'postcode' });
    }
  });

  it.each(BILLING_COUNTRIES)(
    'shows a postcode of %s that its own rule takes, in the message that refuses one',
    (country) => {
      const example = postcodeExample(country);
      expect(buyerProblems({ ...complete, country, vatId: '', postcode: example })).toEqual({});
      const wrong = { ...complete, country, vatId: '', postcode: '0' };
      expect(buyerProblems(wrong)).toEqual({ postcode: 'postcode' });
      for (const locale of ['de', 'en'] as const)
        expect(problemMessage('postcode', 'postcode', wrong, orderWords(locale))).toContain(`${example}`);
    },
  );

  it('checks the postcode against the country the buyer chose', () => {
    expect(buyerProblems({ ...complete, country: 'AT', vatId: '', postcode: '80331' })).toEqual({
      postcode: 'postcode',
    });
    expect(buyerProblems({ ...complete, country: 'DE', postcode: '1010' })).toEqual({ postcode: 'postcode' });
  });

  it('takes only a country of the list', () => {
    expect(buyerProblems({ ...complete, country: 'US', vatId: '' })).toEqual({ country: 'country' });
    expect(buyerProblems({ ...complete, country: 'de' })).toEqual({ country: 'country' });
  });

  it.each([
    ['vatIdFormat', 'DE12345678'],
    ['vatIdCheckDigit', 'DE136695977'],
    ['vatIdCountry', 'ATU13585627'],
  ])('names a VAT ID problem (%s)', (problem, vatId) => {
    expect(buyerProblems({ ...complete, vatId })).toEqual({ vatId: problem });
  });

  it.each(BUYER_FIELDS)(
    'finds a %s one character over its limit too long, and one at the limit not',
    (field) => {
      const max = MAX_LENGTHS[field];
      expect(buyerProblems({ ...complete, [field]: 'x'.repeat(max + 1) })[field]).toBe('tooLong');
      expect(buyerProblems({ ...complete, [field]: 'x'.repeat(max) })[field]).not.toBe('tooLong');
    },
  );

  it.each(BUYER_FIELDS)('finds a %s of 10,000 characters too long', (field) => {
    expect(buyerProblems({ ...complete, [field]: '1'.repeat(10_000) })[field]).toBe('tooLong');
  });

  it('takes markup as the text it is: no problem but what each field’s own rules say', () => {
    const freeText: BuyerField[] = ['company', 'name', 'phone', 'street', 'city', 'poNumber'];
    const withMarkup = { ...complete, ...Object.fromEntries(freeText.map((field) => [field, SCRIPT])) };
    expect(buyerProblems(withMarkup)).toEqual({});
    expect(cleanBuyer(withMarkup)).toEqual(withMarkup);
    expect(buyerProblems({ ...complete, email: SCRIPT, invoiceEmail: SCRIPT })).toEqual({
      email: 'email',
      invoiceEmail: 'email',
    });
    expect(buyerProblems({ ...complete, postcode: '<b>80331</b>' })).toEqual({ postcode: 'postcode' });
  });
});

describe('cleanBuyer', () => {
  it('trims every field and writes the VAT ID as a quote prints it', () => {
    const padded = Object.fromEntries(
      BUYER_FIELDS.map((field) => [field, ` ${complete[field]}\t`]),
    ) as unknown as Buyer;
    expect(cleanBuyer({ ...padded, vatId: ' de 136.695-976 ' })).toEqual(complete);
    expect(cleanBuyer({ ...complete, vatId: '  ' }).vatId).toBe('');
  });

  it('writes a Swiss VAT ID as the Swiss register does, however it was typed', () => {
    for (const vatId of ['CHE-116.281.710 MWST', 'che116281710mwst', 'CHE 116 281 710 TVA']) {
      const buyer = { ...complete, country: 'CH', postcode: '8001', vatId };
      expect(buyerProblems(buyer)).toEqual({});
      expect(cleanBuyer(buyer).vatId).toBe(`CHE-116.281.710 ${vatId.slice(-4).trim().toUpperCase()}`);
    }
  });

  it.each([
    ['NL', ['1012 ab', '1012AB', '1012  ab', ' 1012ab '], '1012 AB'],
    ['GB', ['sw1a1aa', 'SW1A 1AA', 'sw1a  1aa'], 'SW1A 1AA'],
    ['GB', ['m11ae'], 'M1 1AE'],
    ['AT', ['1010', ' 1010 '], '1010'],
    ['PL', ['00-950'], '00-950'],
  ])(
    'takes a postcode in %s as typed in any case and spacing, and writes it as the country does',
    (country, typed, written) => {
      for (const postcode of typed) {
        const buyer = { ...complete, country, vatId: '', postcode };
        expect(buyerProblems(buyer)).toEqual({});
        expect(cleanBuyer(buyer).postcode).toBe(written);
      }
    },
  );
});

describe('sanitizeBuyer', () => {
  it('keeps stored details as they were typed', () => {
    expect(sanitizeBuyer(complete)).toEqual(complete);
    expect(sanitizeBuyer({ ...complete, company: ` ${SCRIPT} ` }).company).toBe(` ${SCRIPT} `);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'Beispiel GmbH'],
    ['a number', 42],
    ['an array', [complete]],
  ])('starts new details from %s', (_label, raw) => {
    expect(sanitizeBuyer(raw)).toEqual(NEW_BUYER);
    expect(NEW_BUYER.country).toBe(HOME_COUNTRY);
  });

  it('drops what is not a string, unknown keys and inherited values', () => {
    const raw = Object.assign(Object.create({ city: 'Geerbt' }) as object, {
      company: 42,
      name: { first: 'Erika' },
      email: ['einkauf@beispiel.example'],
      phone: null,
      street: 'Beispielweg 7',
      country: true,
      isAdmin: true,
      __proto__: { postcode: '80331' },
    });
    const buyer = sanitizeBuyer(raw);
    expect(Object.keys(buyer).sort()).toEqual([...BUYER_FIELDS].sort());
    expect(buyer).toEqual({ ...NEW_BUYER, street: 'Beispielweg 7' });
  });

  it('cuts a value longer than twice its limit, which can only be junk', () => {
    const buyer = sanitizeBuyer({
      ...complete,
      company: 'x'.repeat(10_000),
      name: 'y'.repeat(MAX_LENGTHS.name),
    });
    expect(buyer.company).toBe('x'.repeat(2 * MAX_LENGTHS.company));
    expect(buyer.name).toBe('y'.repeat(MAX_LENGTHS.name));
    expect(buyerProblems(buyer).company).toBe('tooLong');
  });

  it('reads stored JSON with a "__proto__" key as data, not as a prototype', () => {
    const buyer = sanitizeBuyer(JSON.parse('{"__proto__": {"company": "Prototype GmbH"}, "name": "Erika"}'));
    expect(buyer.company).toBe('');
    expect(buyer.name).toBe('Erika');
  });
});
