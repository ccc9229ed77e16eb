import {
  areaCode,
  areaFromCode,
  describeArea,
  describeAreaCode,
  GERMANY_CODE,
  RADIUS_KM,
  readArea,
  STATE_CODES,
  type AreaInput,
} from '@/lib/order/area';
import { getDictionary } from '@/lib/content';
import { longestPostcodeList } from '@/testing/areas';

function codeOf(input: AreaInput): string {
  const result = readArea(input);
  if (!result.ok) throw new Error(`${JSON.stringify(input)} failed: ${JSON.stringify(result.error)}`);
  return areaCode(result.area);
}

function errorOf(input: AreaInput) {
  const result = readArea(input);
  if (result.ok) throw new Error(`${JSON.stringify(input)} was accepted as ${areaCode(result.area)}`);
  return { ...result.error, field: result.field };
}

const postcodes = (text: string): AreaInput => ({ kind: 'postcodes', postcodes: text });

describe('reading postcode areas', () => {
  it.each([
    ['80–85, 90', 'postcodes:80-85,90'],
    ['80-85,90', 'postcodes:80-85,90'],
    [' 80 – 85 ;90 ', 'postcodes:80-85,90'],
    ['90 80-85', 'postcodes:80-85,90'],
    ['80331', 'postcodes:80331'],
    ['80331-80339, 01067', 'postcodes:01067,80331-80339'],
    ['01', 'postcodes:01'],
    ['99', 'postcodes:99'],
    ['01001, 99998', 'postcodes:01001,99998'],
  ])('reads %j as %s', (text, code) => {
    expect(codeOf(postcodes(text))).toBe(code);
  });

  it('gives one spelling to one territory: repeats, overlaps and neighbours are joined', () => {
    expect(codeOf(postcodes('85, 80-84, 82'))).toBe('postcodes:80-85');
    expect(codeOf(postcodes('80, 80331'))).toBe('postcodes:80');
    expect(codeOf(postcodes('80000-80999'))).toBe('postcodes:80');
    expect(codeOf(postcodes('80331-80339, 80340'))).toBe('postcodes:80331-80340');
    expect(codeOf(postcodes('80-80'))).toBe('postcodes:80');
  });

  it.each([
    ['8O331', { code: 'notDigit', entry: '8O331', char: 'O' }],
    ['80, München', { code: 'notDigit', entry: 'München', char: 'M' }],
    ['99–10', { code: 'descending', entry: '99–10', fix: '10–99' }],
    ['99-10', { code: 'descending', entry: '99–10', fix: '10–99' }],
    ['123', { code: 'digits', entry: '123', digits: 3 }],
    // One or four digits: a postcode or area of the east without its 0, as a spreadsheet leaves it. Suggested only.
    ['8', { code: 'leadingZero', entry: '8', fix: '08' }],
    ['1067', { code: 'leadingZero', entry: '1067', fix: '01067' }],
    ['1-4', { code: 'leadingZero', entry: '1–4', fix: '01–04' }],
    ['1067-1099', { code: 'leadingZero', entry: '1067–1099', fix: '01067–01099' }],
    ['1-44', { code: 'badRange', entry: '1–44' }],
    ['803311', { code: 'digits', entry: '803311', digits: 6 }],
    ['00999', { code: 'outOfRange', entry: '00999' }],
    ['99999', { code: 'outOfRange', entry: '99999' }],
    ['00', { code: 'outOfRange', entry: '00' }],
    ['80-80331', { code: 'badRange', entry: '80–80331' }],
    ['80-', { code: 'badRange', entry: '80–' }],
    ['80-85-90', { code: 'badRange', entry: '80–85–90' }],
    // A range typed half: its end is neither an area nor a postcode, and the range is what to fix.
    ['94-9', { code: 'badRange', entry: '94–9' }],
    ['80331-8033', { code: 'badRange', entry: '80331–8033' }],
    ['', { code: 'postcodesEmpty' }],
    [' , ', { code: 'postcodesEmpty' }],
  ])('rejects %j, naming what is wrong', (text, error) => {
    expect(errorOf(postcodes(text))).toEqual({ ...error, field: 'postcodes' });
  });

  const fiftyRanges = longestPostcodeList('-');

  it.each([
    ['as many five-digit ranges as a list takes', fiftyRanges],
    ['area 01 joined with a range of postcodes', '01, 01185-02413'],
    ['area 99 joined with a range of postcodes', '98459-99998, 99'],
  ])('stores %s as a code that reads back', (_title, text) => {
    const code = codeOf(postcodes(text));
    const area = areaFromCode(code);
    expect(area).toBeDefined();
    expect(areaCode(area!)).toBe(code);
  });

  it('writes postcodes that exist at the ends of areas 01 and 99', () => {
    // 01000 and 99999 are no postcodes: the range starts and ends where the postcodes do, as if typed so.
    expect(codeOf(postcodes('01, 01185-02413'))).toBe(codeOf(postcodes('01001-02413')));
    expect(codeOf(postcodes('98459-99998, 99'))).toBe(codeOf(postcodes('98459-99998')));
  });

  it('rejects more entries than a territory needs', () => {
    const many = Array.from({ length: 51 }, (_, index) => String(10 + index)).join(',');
    expect(errorOf(postcodes(many))).toEqual({ code: 'tooMany', max: 50, field: 'postcodes' });
  });
});

describe('reading a radius', () => {
  it.each(RADIUS_KM)('takes a five-digit postcode and %i km', (km) => {
    expect(codeOf({ kind: 'radius', radiusPostcode: ' 80331 ', radiusKm: String(km) })).toBe(
      `radius:80331:${km}`,
    );
  });

  it.each([
    ['', '50', { code: 'radiusEmpty' }, 'radiusPostcode'],
    ['  ', '50', { code: 'radiusEmpty' }, 'radiusPostcode'],
    ['80', '50', { code: 'radiusDigits', entry: '80' }, 'radiusPostcode'],
    ['123', '50', { code: 'radiusDigits', entry: '123' }, 'radiusPostcode'],
    ['1067', '50', { code: 'leadingZero', entry: '1067', fix: '01067' }, 'radiusPostcode'],
    // More than a postcode: not a wrong character, which would name an invisible space.
    ['80331 München', '50', { code: 'radiusDigits', entry: '80331 München' }, 'radiusPostcode'],
    ['80331-80339', '50', { code: 'notDigit', entry: '80331-80339', char: '-' }, 'radiusPostcode'],
    ['8O331', '50', { code: 'notDigit', entry: '8O331', char: 'O' }, 'radiusPostcode'],
    ['01000', '50', { code: 'outOfRange', entry: '01000' }, 'radiusPostcode'],
    ['99999', '50', { code: 'outOfRange', entry: '99999' }, 'radiusPostcode'],
    ['80331', '30', { code: 'distance' }, 'radiusKm'],
    ['80331', '', { code: 'distance' }, 'radiusKm'],
  ])('rejects postcode %j with %j km', (radiusPostcode, radiusKm, error, field) => {
    expect(errorOf({ kind: 'radius', radiusPostcode, radiusKm })).toEqual({ ...error, field });
  });
});

describe('reading federal states', () => {
  it('keeps the states in the table’s order, once each', () => {
    expect(codeOf({ kind: 'states', states: ['HE', 'BY', 'HE'] })).toBe('states:BY,HE');
  });

  it('needs at least one state it knows', () => {
    expect(errorOf({ kind: 'states', states: [] })).toEqual({ code: 'statesEmpty', field: 'states' });
    expect(errorOf({ kind: 'states', states: ['XX'] })).toEqual({ code: 'statesEmpty', field: 'states' });
  });

  it('has all 16', () => {
    expect(new Set(STATE_CODES).size).toBe(16);
  });
});

it('reads all of Germany, and refuses a kind it does not know', () => {
  expect(codeOf({ kind: 'germany' })).toBe(GERMANY_CODE);
  expect(errorOf({ kind: 'moon' })).toEqual({ code: 'kind', field: 'area' });
});

describe('stored codes', () => {
  it.each([
    'germany',
    'postcodes:80-85,90',
    'postcodes:01067,80331-80339',
    'radius:80331:200',
    'states:BY,HE',
  ])('reads %s back to the same code', (code) => {
    const area = areaFromCode(code);
    expect(area).toBeDefined();
    expect(areaCode(area!)).toBe(code);
  });

  it.each([
    undefined,
    42,
    '',
    'Germany',
    'germany:',
    'postcodes:',
    'postcodes:90,80',
    'postcodes:80–85',
    'postcodes:80-85, 90',
    'postcodes:80,81',
    'radius:80331',
    'radius:80331:30',
    'radius:80:50',
    'radius:80331:50:1',
    'states:',
    'states:HE,BY',
    'states:BY,BY',
    'states:BY,XX',
    '__proto__',
    `postcodes:${'1'.repeat(700)}`,
  ])('refuses %j', (code) => {
    expect(areaFromCode(code)).toBeUndefined();
  });
});

describe.each(['de', 'en'] as const)('areas in words (%s)', (locale) => {
  const words = getDictionary(locale).area;

  it('uses the language’s words around language-neutral postcodes', () => {
    expect(describeAreaCode('germany', words)).toBe(words.germany);
    expect(describeAreaCode('postcodes:80-85,90', words)).toBe(
      words.postcodes.replace('{list}', '80–85, 90'),
    );
    expect(describeAreaCode('radius:80331:50', words)).toBe(
      words.radius.replace('{km}', '50').replace('{postcode}', '80331'),
    );
    expect(describeAreaCode('states:BY,HE', words)).toBe(`${words.states.BY}, ${words.states.HE}`);
  });

  it('names every state', () => {
    const result = readArea({ kind: 'states', states: [...STATE_CODES] });
    if (!result.ok) throw new Error('all states must read');
    expect(describeArea(result.area, words).split(', ')).toHaveLength(16);
  });

  it('reads an unreadable code as all of Germany', () => {
    expect(describeAreaCode('moon', words)).toBe(words.germany);
  });
});
