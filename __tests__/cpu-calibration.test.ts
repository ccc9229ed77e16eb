import { cpuSlowdownFor } from '@/scripts/lib/cpu-calibration.mjs';

// Reference points of Lighthouse's CPU throttling calculator, which its
// throttling documentation links for calibrating the mobile preset's slowdown.
describe('CPU slowdown calibrated to the benchmark index', () => {
  it("keeps the preset's 4× on the host class the preset was chosen for", () => {
    expect(cpuSlowdownFor(1533)).toBeCloseTo(4, 2);
  });

  it.each([
    [150, 1],
    [800, 2],
    [1300, 3],
    [1766, 5],
    [2000, 6],
  ])('slows a host with index %i down %i×', (index, factor) => {
    expect(cpuSlowdownFor(index)).toBeCloseTo(factor, 2);
  });

  it('interpolates between reference points and continues their slope on faster hosts', () => {
    expect(cpuSlowdownFor(1050)).toBeCloseTo(2.5, 2);
    expect(cpuSlowdownFor(2233)).toBeCloseTo(7, 1);
  });

  it('slows a faster host down more, never less', () => {
    const indices = [150, 400, 799, 800, 1000, 1299, 1300, 1500, 1533, 1800, 2500];
    const factors = indices.map(cpuSlowdownFor);
    for (let i = 1; i < factors.length; i += 1) expect(factors[i]!).toBeGreaterThan(factors[i - 1]!);
  });

  it('refuses a host too slow to emulate the phone at all', () => {
    expect(() => cpuSlowdownFor(120)).toThrow(/too slow/);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(RangeError);
  });
});
