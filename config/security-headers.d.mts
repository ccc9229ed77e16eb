// Types for security-headers.mjs, which plain Node (the server, the build step) and TypeScript (tests) both import.
export declare const VIDEO_ORIGIN: string;
export declare const commonHeaders: Record<string, string>;
export declare function headerContentSecurityPolicy(): string;
export declare function pageContentSecurityPolicy(scriptHashes?: string[]): string;
export declare const cacheRules: { pattern: string; value: string }[];
export declare const revalidate: string;
export declare const ADMIN_PATH: string;
export declare function adminContentSecurityPolicy(): string;
export declare const adminRule: { pattern: string; headers: Record<string, string> };
