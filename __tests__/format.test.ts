import { fill } from '@/lib/format';

describe('fill', () => {
  it('replaces every placeholder with its value', () => {
    expect(fill('{quantity} {name} added to cart.', { quantity: 3, name: 'Stairlifts' })).toBe(
      '3 Stairlifts added to cart.',
    );
    expect(fill('{a}-{a}', { a: 'x' })).toBe('x-x');
  });

  it('leaves a placeholder without a value visible', () => {
    expect(fill('ab {price}', {})).toBe('ab {price}');
  });

  it('does not take values from the object prototype', () => {
    expect(fill('{toString}', {})).toBe('{toString}');
  });
});
