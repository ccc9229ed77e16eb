// Types for host-headers.mjs, for the TypeScript that tests and checks it.
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}
export declare function siteHeaders(): Record<string, string>;
export declare function headerRules(): HeaderRule[];
export declare function headersFile(): string;
export declare function nginxInclude(): string;
export declare function cloudFrontPolicy(): {
  Name: string;
  Comment: string;
  SecurityHeadersConfig: {
    StrictTransportSecurity: {
      Override: boolean;
      AccessControlMaxAgeSec: number;
      IncludeSubdomains: boolean;
      Preload: boolean;
    };
    ContentTypeOptions: { Override: boolean };
    ReferrerPolicy: { Override: boolean; ReferrerPolicy: string };
    FrameOptions: { Override: boolean; FrameOption: string };
    ContentSecurityPolicy: { Override: boolean; ContentSecurityPolicy: string };
  };
  CustomHeadersConfig: { Quantity: number; Items: { Header: string; Value: string; Override: boolean }[] };
};
export declare function parseHeadersFile(text: string): { pattern: string; headers: [string, string][] }[];
export declare function matchesPattern(pattern: string, urlPath: string): boolean;
