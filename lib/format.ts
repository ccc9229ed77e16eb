import { intlLocales, type Locale } from './i18n';

/**
 * Fills `{placeholder}`s in a dictionary template. A placeholder without a
 * value is left as it is, so a gap in the copy is visible rather than silent.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : match,
  );
}

/** A text in the two grammatical numbers German and English have: `one` (for 1) and `other`. */
export interface PluralForms {
  one: string;
  other: string;
}

/** The form of `forms` that a count needs in a language: "1 lead", "2 leads". */
export function plural(forms: PluralForms, count: number, locale: Locale): string {
  return new Intl.PluralRules(intlLocales[locale]).select(count) === 'one' ? forms.one : forms.other;
}
