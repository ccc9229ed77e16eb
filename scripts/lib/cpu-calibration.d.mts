export declare const SLOWEST_EMULATING_INDEX: number;
export declare function cpuSlowdownFor(benchmarkIndex: number): number;
