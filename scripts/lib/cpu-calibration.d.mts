export declare function cpuSlowdownFor(benchmarkIndex: number): number;
