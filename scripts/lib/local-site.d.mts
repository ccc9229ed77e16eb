export function chromePath(): string | undefined;
export const chromeFlags: string[];
export function startServer(root: string): Promise<{ origin: string; close: () => Promise<void> }>;
