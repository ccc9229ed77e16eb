// Lighthouse's mobile preset slows the CPU down 4×, a factor chosen for a
// high-end desktop host (benchmark index about 1533) so that the page is
// judged as if on a mid-tier phone. On any other host the same factor means a
// different phone. Lighthouse's throttling documentation therefore asks slower
// and faster hosts to calibrate the factor to their benchmark index, and links
// a calculator for it. These are the calculator's reference points: between
// them the factor grows linearly, and above the last one at the same slope.
const REFERENCE_POINTS = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
  [1766, 5],
  [2000, 6],
];

/** Below this index Lighthouse cannot emulate its target phone at all. */
const SLOWEST_EMULATING_INDEX = REFERENCE_POINTS[0][0];

/**
 * The CPU slowdown that makes a host with this benchmark index emulate the
 * phone that Lighthouse's mobile preset targets.
 * @param {number} benchmarkIndex `lhr.environment.benchmarkIndex` of the run
 * @returns {number}
 */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < SLOWEST_EMULATING_INDEX) {
    throw new RangeError(
      `Benchmark index ${benchmarkIndex} is below ${SLOWEST_EMULATING_INDEX}: this host is too slow to emulate Lighthouse's mobile device.`,
    );
  }
  const upper = REFERENCE_POINTS.findIndex(([index]) => index > benchmarkIndex);
  const [[fromIndex, fromFactor], [toIndex, toFactor]] =
    upper === -1 ? REFERENCE_POINTS.slice(-2) : [REFERENCE_POINTS[upper - 1], REFERENCE_POINTS[upper]];
  return fromFactor + ((benchmarkIndex - fromIndex) * (toFactor - fromFactor)) / (toIndex - fromIndex);
}
