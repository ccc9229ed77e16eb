// Types for page-policy.mjs, for the TypeScript that tests it.
export declare function isPolicedScriptType(type: string | undefined): boolean;
export declare function sha256(text: string): string;
export declare function inlineScriptHashes(html: string): string[];
export declare function withPagePolicy(
  html: string,
  policyFor: (scriptHashes: string[]) => string,
): { html: string; policy: string };
