import { groupedDigits } from '@/public/admin/number-text.js';

// What the CMS takes when an editor pastes a number into a field for a whole number (a price, a count): only a
// reading that is surely the editor's, whichever language the number was written in.
describe('a number pasted into a whole number’s field', () => {
  it.each([
    ['1.200', '1200'],
    ['1,240', '1240'],
    ['12.000.000', '12000000'],
    [' 1.200\u00a0', '1200'],
  ])('takes %s, grouped in threes, as %s', (pasted, taken) => {
    expect(groupedDigits(pasted)).toBe(taken);
  });

  it.each([
    '89,50',
    '89.5',
    '1.5',
    '1.200,50',
    '1,200.50',
    '1.5e3',
    '1234.567',
    ',123',
    '1.20',
    '1..200',
    '-1.200',
    '0,125',
    '0.500',
    '1.200 €',
  ])('takes nothing of %s, which has no sure reading as a whole number', (pasted) => {
    expect(groupedDigits(pasted)).toBeUndefined();
  });
});
