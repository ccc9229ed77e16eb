import { getCategoryNames, getDictionary } from '../content';
import { intlLocales, type Locale } from '../i18n';
import type { OrderWords } from './order';
import { BILLING_COUNTRIES } from './vat';

/** The billing countries with their names in one language, sorted by name (the home country first). */
export function countryOptions(locale: Locale): { code: string; name: string }[] {
  const intl = intlLocales[locale];
  const names = new Intl.DisplayNames([intl], { type: 'region' });
  const [home, ...rest] = BILLING_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code }));
  const collator = new Intl.Collator(intl);
  return [home!, ...rest.sort((a, b) => collator.compare(a.name, b.name))];
}

/** Everything an order needs to be put into words in one language, from `content/`. */
export function orderWords(locale: Locale): OrderWords {
  const dict = getDictionary(locale);
  return {
    locale,
    names: getCategoryNames(locale),
    exclusiveSuffix: dict.orderForm.exclusiveSuffix,
    areaWords: dict.area,
    strings: dict.checkout,
    countryNames: Object.fromEntries(countryOptions(locale).map(({ code, name }) => [code, name])),
  };
}
