// Types for local-site.mjs, for the TypeScript scripts that start the static server.
export declare function chromePath(): string | undefined;
export declare const chromeFlags: string[];
export declare function startServer(root: string): Promise<{ origin: string; close: () => Promise<void> }>;
