// The types of the CMS page's own modules (public/admin/), which the browser loads as they are: plain JavaScript,
// outside the TypeScript program, tested by jest.
declare module '@/public/admin/number-text.js' {
  export function isDigits(text: string): boolean;
  export function isMark(char: string): boolean;
  export function groupedDigits(text: string): string | undefined;
}
