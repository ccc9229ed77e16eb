/**
 * The delivery area of an order: where the buyer's leads come from. A buyer
 * types or picks it in the order form; the cart stores it with each line as a
 * short code without words (`areaCode`), and every page shows it in its own
 * language (`describeArea`). The code is canonical: two inputs that mean the
 * same area give the same code, so lines compare by it.
 *
 * Codes: `germany` · `postcodes:80-85,90,80331` · `radius:80331:50` · `states:BY,HE`
 */
import { fill } from '../format';

/** The 16 federal states by their ISO 3166-2 code (without `DE-`), in the order of their German names. */
export const STATE_CODES = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type StateCode = (typeof STATE_CODES)[number];

/** The distances a radius may have, in km. */
export const RADIUS_KM = [10, 25, 50, 100, 200] as const;
export type RadiusKm = (typeof RADIUS_KM)[number];
export const DEFAULT_RADIUS_KM: RadiusKm = 50;

export const AREA_KINDS = ['germany', 'postcodes', 'radius', 'states'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

/** German postcodes run from 01001 to 99998; two-digit postcode areas from 01 to 99. */
export const FIRST_POSTCODE = 1001;
export const LAST_POSTCODE = 99998;
/** More entries than this in one area are a typing accident, not a territory. */
export const MAX_POSTCODE_ENTRIES = 50;
/**
 * The longest code `areaCode` writes: as many entries as a list may have, each a range of two five-digit postcodes
 * that touches no other (`postcodes:10000-10001,10003-10004,…`, 609 characters). Every other code is shorter: all
 * 16 states take 54. A stored code beyond it is junk, read no further.
 */
export const MAX_AREA_CODE_LENGTH =
  'postcodes:'.length + MAX_POSTCODE_ENTRIES * '01001-99998'.length + (MAX_POSTCODE_ENTRIES - 1);

/** Inclusive range of five-digit postcodes, as numbers: the area 80 is 80000–80999. */
export type PostcodeRange = readonly [number, number];

export type Area =
  | { kind: 'germany' }
  | { kind: 'postcodes'; ranges: PostcodeRange[] }
  | { kind: 'radius'; postcode: string; km: RadiusKm }
  | { kind: 'states'; states: StateCode[] };

export const GERMANY: Area = { kind: 'germany' };
export const GERMANY_CODE = 'germany';

/** Why an input is not an area. `entry` is the offending part as typed. */
export type AreaError =
  /** A character that is not a digit: `8O331` (`char` is "O"). */
  | { code: 'notDigit'; entry: string; char: string }
  /** Neither two nor five digits: `123`. */
  | { code: 'digits'; entry: string; digits: number }
  /**
   * One or four digits, as a postcode or area of eastern Germany reads without its leading zero (a spreadsheet drops
   * it): `1067`, `1–4` (`fix` is "01067", "01–04"). Only suggested: an old four-digit postcode (`8000`) pads wrongly.
   */
  | { code: 'leadingZero'; entry: string; fix: string }
  /** A range whose end is below its start: `99–10` (`fix` is "10–99"). */
  | { code: 'descending'; entry: string; fix: string }
  /** A range with a missing end, more than two ends, or a two-digit area at one end and a postcode at the other. */
  | { code: 'badRange'; entry: string }
  /** A postcode or area outside 01001–99998. */
  | { code: 'outOfRange'; entry: string }
  | { code: 'postcodesEmpty' }
  | { code: 'tooMany'; max: number }
  | { code: 'radiusEmpty' }
  /** The radius needs one five-digit postcode. */
  | { code: 'radiusDigits'; entry: string }
  | { code: 'distance' }
  | { code: 'statesEmpty' }
  | { code: 'kind' };
export type AreaErrorCode = AreaError['code'];

/** The form field an error belongs to, to mark and focus it. */
export type AreaField = 'postcodes' | 'radiusPostcode' | 'radiusKm' | 'states' | 'area';

export type AreaResult = { ok: true; area: Area } | { ok: false; error: AreaError; field: AreaField };

/** The order form's area fields, as the browser has them. */
export interface AreaInput {
  kind: string;
  postcodes?: string;
  radiusPostcode?: string;
  radiusKm?: string;
  states?: readonly string[];
}

const DASHES = /\s*[-‐‑‒–—−]\s*/g;
const EN_DASH = '–';

/** Whether a value read from outside (a form, storage) is one of a list's. */
export function isOneOf<T extends string | number>(list: readonly T[], value: unknown): value is T {
  return (list as readonly unknown[]).includes(value);
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: AreaError };

/** One end of a range: a two-digit area or a five-digit postcode, as the range of postcodes it covers. */
function readEnd(text: string, entry: string): Parsed<{ range: PostcodeRange; digits: 2 | 5 }> {
  const char = [...text].find((c) => c < '0' || c > '9');
  if (char !== undefined) return { ok: false, error: { code: 'notDigit', entry, char } };
  const number = Number(text);
  if (text.length === 2) {
    if (number < 1) return { ok: false, error: { code: 'outOfRange', entry } };
    return { ok: true, value: { range: [number * 1000, number * 1000 + 999], digits: 2 } };
  }
  if (text.length === 5) {
    if (number < FIRST_POSTCODE || number > LAST_POSTCODE)
      return { ok: false, error: { code: 'outOfRange', entry } };
    return { ok: true, value: { range: [number, number], digits: 5 } };
  }
  return { ok: false, error: { code: 'digits', entry, digits: text.length } };
}

/** An entry whose every end has one or four digits, with a zero before each: `1–4` as `01–04`; else undefined. */
function withLeadingZeros(ends: readonly string[]): string | undefined {
  const short =
    ends.every((end) => /^\d$|^\d{4}$/.test(end)) && new Set(ends.map((end) => end.length)).size === 1;
  return short ? ends.map((end) => `0${end}`).join(EN_DASH) : undefined;
}

/** One entry of a postcode list: `80`, `80331`, `80–85` or `80331–80339`. */
function readEntry(entry: string): Parsed<PostcodeRange> {
  const ends = entry.split('-');
  const shown = ends.join(EN_DASH);
  if (ends.length > 2 || ends.some((end) => end === ''))
    return { ok: false, error: { code: 'badRange', entry: shown } };
  const read = ends.map((end) => readEnd(end, shown));
  const failed = read.find((end) => !end.ok);
  const padded = withLeadingZeros(ends);
  if (failed && !failed.ok && failed.error.code === 'digits' && padded)
    return { ok: false, error: { code: 'leadingZero', entry: shown, fix: padded } };
  // An end of a range with the wrong number of digits is most often one typed half (`94–9`): the range is the error.
  if (failed && !failed.ok && failed.error.code === 'digits' && ends.length === 2)
    return { ok: false, error: { code: 'badRange', entry: shown } };
  if (failed && !failed.ok) return failed;
  const [first, last] = read.map((end) => (end.ok ? end.value : undefined));
  if (!first) return { ok: false, error: { code: 'postcodesEmpty' } };
  if (!last) return { ok: true, value: first.range };
  if (first.digits !== last.digits) return { ok: false, error: { code: 'badRange', entry: shown } };
  if (last.range[0] < first.range[0])
    return { ok: false, error: { code: 'descending', entry: shown, fix: `${ends[1]}${EN_DASH}${ends[0]}` } };
  return { ok: true, value: [first.range[0], last.range[1]] };
}

/** Sorts ranges and joins those that overlap or touch, so that one territory has one spelling. */
export function mergeRanges(ranges: readonly PostcodeRange[]): PostcodeRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Reads a list of postcode areas and postcodes such as `80–85, 90` or `80-85 90 80331`:
 * entries separated by commas, semicolons or spaces, ranges with a hyphen or dash, spaces optional.
 */
export function readPostcodes(text: string): Parsed<PostcodeRange[]> {
  const entries = text
    .trim()
    .replace(DASHES, '-')
    .split(/[\s,;]+/)
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { ok: false, error: { code: 'postcodesEmpty' } };
  if (entries.length > MAX_POSTCODE_ENTRIES)
    return { ok: false, error: { code: 'tooMany', max: MAX_POSTCODE_ENTRIES } };
  const ranges: PostcodeRange[] = [];
  for (const entry of entries) {
    const read = readEntry(entry);
    if (!read.ok) return read;
    ranges.push(read.value);
  }
  return { ok: true, value: mergeRanges(ranges) };
}

/** Reads the radius's centre: exactly one five-digit postcode. */
function readRadiusPostcode(text: string): Parsed<string> {
  const entry = text.trim();
  if (entry === '') return { ok: false, error: { code: 'radiusEmpty' } };
  // `80331 München`: more than a postcode, not a wrong character (the message would name an invisible space).
  if (/\s/.test(entry)) return { ok: false, error: { code: 'radiusDigits', entry } };
  if (/^\d{4}$/.test(entry)) return { ok: false, error: { code: 'leadingZero', entry, fix: `0${entry}` } };
  const end = readEnd(entry, entry);
  if (!end.ok)
    return end.error.code === 'digits' ? { ok: false, error: { code: 'radiusDigits', entry } } : end;
  if (end.value.digits !== 5) return { ok: false, error: { code: 'radiusDigits', entry } };
  return { ok: true, value: entry };
}

/** Reads and checks the area fields of the order form. */
export function readArea(input: AreaInput): AreaResult {
  switch (input.kind) {
    case 'germany':
      return { ok: true, area: GERMANY };
    case 'postcodes': {
      const read = readPostcodes(input.postcodes ?? '');
      return read.ok
        ? { ok: true, area: { kind: 'postcodes', ranges: read.value } }
        : { ok: false, error: read.error, field: 'postcodes' };
    }
    case 'radius': {
      const postcode = readRadiusPostcode(input.radiusPostcode ?? '');
      if (!postcode.ok) return { ok: false, error: postcode.error, field: 'radiusPostcode' };
      const km = Number(input.radiusKm);
      if (!isOneOf(RADIUS_KM, km)) return { ok: false, error: { code: 'distance' }, field: 'radiusKm' };
      return { ok: true, area: { kind: 'radius', postcode: postcode.value, km } };
    }
    case 'states': {
      const states = STATE_CODES.filter((code) => input.states?.includes(code));
      if (states.length === 0) return { ok: false, error: { code: 'statesEmpty' }, field: 'states' };
      return { ok: true, area: { kind: 'states', states } };
    }
    default:
      return { ok: false, error: { code: 'kind' }, field: 'area' };
  }
}

/** A range as a buyer writes it: `80`, `80–85`, `80331`, `80331–80339`. */
function rangeText([start, end]: PostcodeRange, dash: string): string {
  const wholeAreas = start % 1000 === 0 && end % 1000 === 999;
  // Area 01 starts at 01000 and area 99 ends at 99999, which are no postcodes: joined with a postcode range
  // (`01, 01185–02413`), the range is written from the first postcode there is to the last, as it is read back.
  const [from, to] = wholeAreas
    ? [start / 1000, (end - 999) / 1000]
    : [Math.max(start, FIRST_POSTCODE), Math.min(end, LAST_POSTCODE)];
  const width = wholeAreas ? 2 : 5;
  const pad = (value: number) => String(value).padStart(width, '0');
  return from === to ? pad(from) : `${pad(from)}${dash}${pad(to)}`;
}

/** The area as stored with a cart line: no words, the same in every language, one spelling per area. */
export function areaCode(area: Area): string {
  switch (area.kind) {
    case 'germany':
      return GERMANY_CODE;
    case 'postcodes':
      return `postcodes:${area.ranges.map((range) => rangeText(range, '-')).join(',')}`;
    case 'radius':
      return `radius:${area.postcode}:${area.km}`;
    case 'states':
      return `states:${area.states.join(',')}`;
  }
}

/**
 * Reads a stored code back. Anything that is not a code `areaCode` would
 * write, character for character, is `undefined`: storage is never trusted.
 */
export function areaFromCode(code: unknown): Area | undefined {
  if (typeof code !== 'string' || code.length > MAX_AREA_CODE_LENGTH) return undefined;
  const [kind, ...rest] = code.split(':');
  const value = rest.join(':');
  const result =
    kind === 'germany' && rest.length === 0
      ? readArea({ kind })
      : kind === 'postcodes'
        ? readArea({ kind, postcodes: value.replaceAll(',', ' ') })
        : kind === 'radius' && rest.length === 2
          ? readArea({ kind, radiusPostcode: rest[0], radiusKm: rest[1] })
          : kind === 'states'
            ? readArea({ kind, states: value.split(',') })
            : undefined;
  return result?.ok && areaCode(result.area) === code ? result.area : undefined;
}

/** The words `describeArea` needs in one language (`area` in the UI dictionary). */
export interface AreaWords {
  /** e.g. "Ganz Deutschland" */
  germany: string;
  /** e.g. "PLZ {list}" */
  postcodes: string;
  /** e.g. "{km} km um {postcode}" */
  radius: string;
  states: Record<StateCode, string>;
}

/** The area in words: "PLZ 80–85, 90", "50 km um 80331", "Bavaria, Hesse". */
export function describeArea(area: Area, words: AreaWords): string {
  switch (area.kind) {
    case 'germany':
      return words.germany;
    case 'postcodes':
      return fill(words.postcodes, {
        list: area.ranges.map((range) => rangeText(range, EN_DASH)).join(', '),
      });
    case 'radius':
      return fill(words.radius, { km: area.km, postcode: area.postcode });
    case 'states':
      return area.states.map((state) => words.states[state]).join(', ');
  }
}

/** A stored code in words; an unreadable code reads as all of Germany, as a line without an area does. */
export function describeAreaCode(code: string, words: AreaWords): string {
  return describeArea(areaFromCode(code) ?? GERMANY, words);
}
