/**
 * The words a lazily loaded part needs (lib/lazy-words.ts), fetched beside its code inside the same `lazyModule`, so
 * that a failed fetch is reported and retried like a failed load of code.
 */
export async function fetchWords<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}
