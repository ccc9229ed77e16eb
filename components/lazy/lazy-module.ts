/**
 * The one way the site loads code later than the page: the cart dialog, the
 * video dialog, the categories menu and the order toast. A load can fail (a
 * dropped request, a moment offline, a new deploy that removed the file an
 * open tab asks for). A failed load is forgotten, so the next request tries
 * again, and the error says what the visitor can do about it.
 */

/**
 * - `retry`: the load failed, and trying again may work.
 * - `offline`: the browser knows it has no connection.
 * - `gone`: a retry failed too, and the server answers 404 for the file: the site was deployed anew
 *   and the file is gone for good. Only a reload (which keeps the stored cart) helps.
 */
export type LoadFailure = 'retry' | 'offline' | 'gone';

export class LazyLoadError extends Error {
  override name = 'LazyLoadError';
  constructor(
    readonly failure: LoadFailure,
    options?: { cause?: unknown },
  ) {
    super(`Loading failed (${failure})`, options);
  }
}

export interface LazyModule<T> {
  /** The module, once a load has succeeded. */
  readonly current: T | undefined;
  /**
   * Loads the module, or returns the one loaded; calls made while an attempt runs share it. With `again`
   * (a visitor asked: a click, a retry), a call that joins an attempt which then fails does not fail with
   * it: it starts a fresh attempt once that one has ended, since the fault may be gone by now. A `quiet`
   * attempt (a warm-up nobody waits for) fails without counting toward `gone`: the visitor never saw it.
   */
  load(options?: { again?: boolean; quiet?: boolean }): Promise<T>;
}

/** The files a bundler adds to the document while it loads code: script and stylesheet elements. */
function watchAddedFiles(): { files: string[]; stop: () => void } {
  const files: string[] = [];
  if (typeof MutationObserver === 'undefined' || typeof document === 'undefined')
    return { files, stop: () => {} };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLScriptElement && node.src) files.push(node.src);
        if (node instanceof HTMLLinkElement && node.rel === 'stylesheet' && node.href) files.push(node.href);
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return { files, stop: () => observer.disconnect() };
}

/** Asks the server whether the files are still there, without using the browser's cache. */
export async function probeFailure(files: readonly string[]): Promise<LoadFailure> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  try {
    const answers = await Promise.all(
      [...new Set(files)].map((file) => fetch(file, { method: 'HEAD', cache: 'no-store' })),
    );
    return answers.some((answer) => answer.status === 404 || answer.status === 410) ? 'gone' : 'retry';
  } catch {
    // The probe did not reach the server either: a bad connection, which may well recover.
    return 'retry';
  }
}

/**
 * Wraps a dynamic `import()`. The first failure reports `retry` or `offline`; when a retry fails as
 * well and the server says the file does not exist, it reports `gone`.
 */
export function lazyModule<T>(
  importer: () => Promise<T>,
  probe: (files: readonly string[]) => Promise<LoadFailure> = probeFailure,
): LazyModule<T> {
  let current: T | undefined;
  let pending: Promise<T> | undefined;
  /** Failed attempts in a row that somebody waited for. */
  let failures = 0;

  async function attempt(quiet: boolean): Promise<T> {
    const watch = watchAddedFiles();
    try {
      current = await importer();
      failures = 0;
      return current;
    } catch (cause) {
      if (!quiet) failures += 1;
      const failure = await probe(watch.files);
      throw new LazyLoadError(failure === 'gone' && failures < 2 ? 'retry' : failure, { cause });
    } finally {
      watch.stop();
      pending = undefined;
    }
  }

  const lazy: LazyModule<T> = {
    get current() {
      return current;
    },
    load({ again = false, quiet = false } = {}) {
      if (current !== undefined) return Promise.resolve(current);
      if (pending === undefined) {
        pending = attempt(quiet);
        return pending;
      }
      const joined = pending;
      return again ? joined.catch(() => lazy.load()) : joined;
    },
  };
  return lazy;
}

/**
 * Starts loading a module in the browser as soon as the calling module runs, while the page hydrates, for code
 * that every visit needs soon after (the cart's store, the order form's code). The attempt is quiet: nobody waits
 * for it, and a failure is left to the first load somebody asks for with `again`, which then tries once more.
 */
export function warmUp(lazy: LazyModule<unknown>): void {
  if (typeof window !== 'undefined') lazy.load({ quiet: true }).catch(() => {});
}
