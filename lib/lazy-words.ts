// The words that code loaded later than the page needs (the cart dialog's; the order form's messages and
// confirmation), as static files, one per part and language: /words/<part>.<locale>.json (app/words/[file]). They
// load together with that code, so that no page carries them in its payload (issue 40).
import type { CartDialogData } from '@/components/cart/cart-dialog';
import type { OrderFormWords } from '@/components/order/order-form-controller';
import { pickOrderFormCodeStrings } from '@/components/order/order-form-code-strings';
import { getCategoryNames, getDictionary } from './content';
import { checkoutPath, locales, type Locale } from './i18n';

const parts = {
  cart: (locale: Locale): CartDialogData => {
    const dict = getDictionary(locale);
    return {
      locale,
      strings: dict.cart,
      names: getCategoryNames(locale),
      exclusiveSuffix: dict.orderForm.exclusiveSuffix,
      areaWords: dict.area,
      checkoutHref: checkoutPath(locale),
    };
  },
  'order-form': (locale: Locale): OrderFormWords => {
    const dict = getDictionary(locale);
    return { strings: pickOrderFormCodeStrings(dict.orderForm), areaWords: dict.area };
  },
} satisfies Record<string, (locale: Locale) => unknown>;

export type WordsPart = keyof typeof parts;

const fileName = (part: WordsPart, locale: Locale) => `${part}.${locale}.json`;

/** Where the words of a part in a language are served. */
export function wordsPath(part: WordsPart, locale: Locale): string {
  return `/words/${fileName(part, locale)}`;
}

/** Every file of words: its name under /words/, where it is served, and its content. */
export function wordFiles(): { file: string; path: string; words: () => unknown }[] {
  return (Object.keys(parts) as WordsPart[]).flatMap((part) =>
    locales.map((locale) => ({
      file: fileName(part, locale),
      path: wordsPath(part, locale),
      words: () => parts[part](locale),
    })),
  );
}
