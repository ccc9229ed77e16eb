/**
 * The choices of the order form's delivery area, without the code that reads
 * and checks them (lib/order/area.ts): the form shows these from the start,
 * and loads the rest when a buyer sends it.
 */

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

/** The form field an error belongs to, to mark and focus it. */
export type AreaField = 'postcodes' | 'radiusPostcode' | 'radiusKm' | 'states' | 'area';
