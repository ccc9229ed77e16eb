import { wordFiles } from '@/lib/lazy-words';

/**
 * Answers the browser's requests for /words/<file> (lib/lazy-words.ts) as the export serves them, for components
 * whose lazily loaded code fetches its words; any other URL is a 404. Returns the function that restores `fetch`.
 */
export function serveWords(): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const href = typeof input === 'string' ? input : 'href' in input ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const found = wordFiles().find(({ path }) => url.pathname === path);
    const body = found ? JSON.stringify(found.words()) : 'Not found';
    return {
      ok: Boolean(found),
      status: found ? 200 : 404,
      json: async () => JSON.parse(body) as unknown,
    } as Response;
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}
