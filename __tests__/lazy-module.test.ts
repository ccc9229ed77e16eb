import {
  LazyLoadError,
  lazyModule,
  probeFailure,
  warmUp,
  type LoadFailure,
} from '@/components/lazy/lazy-module';

/** An importer that fails `failures` times, then resolves; it counts its calls. */
function flakyImporter(failures: number) {
  const importer = jest.fn(async () => {
    if (importer.mock.calls.length <= failures) throw new Error('ChunkLoadError: Failed to load chunk');
    return { Dialog: 'the module' };
  });
  return importer;
}

const answer = (failure: LoadFailure) =>
  jest.fn<Promise<LoadFailure>, [readonly string[]]>(async () => failure);

async function failureOf(promise: Promise<unknown>): Promise<LoadFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LazyLoadError);
    return (error as LazyLoadError).failure;
  }
  throw new Error('the load did not fail');
}

describe('lazyModule', () => {
  it('loads once and then hands out the same module without importing again', async () => {
    const importer = flakyImporter(0);
    const lazy = lazyModule(importer, answer('retry'));
    expect(lazy.current).toBeUndefined();
    const first = await lazy.load();
    await expect(lazy.load()).resolves.toBe(first);
    expect(lazy.current).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('shares one attempt between calls made while it runs', async () => {
    const importer = flakyImporter(0);
    const lazy = lazyModule(importer, answer('retry'));
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a call that asks again and joins a failing attempt starts a fresh one after it, instead of failing with it', async () => {
    let fail = true;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Each attempt fails or succeeds as the fault was when it began.
    const importer = jest.fn(async () => {
      const failing = fail;
      await gate;
      if (failing) throw new Error('ChunkLoadError');
      return 'the module';
    });
    const lazy = lazyModule(importer, answer('retry'));
    const running = lazy.load();
    const quiet = lazy.load();
    const asked = lazy.load({ again: true });
    // The fault is gone while the first attempt is still on its way to failing.
    fail = false;
    release();
    expect(await failureOf(running)).toBe('retry');
    expect(await failureOf(quiet)).toBe('retry');
    await expect(asked).resolves.toBe('the module');
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('forgets a failed load, so the next call imports again and can succeed', async () => {
    const importer = flakyImporter(1);
    const lazy = lazyModule(importer, answer('retry'));
    expect(await failureOf(lazy.load())).toBe('retry');
    expect(lazy.current).toBeUndefined();
    await expect(lazy.load()).resolves.toEqual({ Dialog: 'the module' });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('keeps the cause of the failure', async () => {
    const lazy = lazyModule(flakyImporter(1), answer('retry'));
    const error = await lazy.load().catch((caught: unknown) => caught);
    expect((error as LazyLoadError).cause).toEqual(new Error('ChunkLoadError: Failed to load chunk'));
  });

  it('reports offline when the browser is', async () => {
    const lazy = lazyModule(flakyImporter(1), answer('offline'));
    expect(await failureOf(lazy.load())).toBe('offline');
  });

  it('offers a reload only when a retry fails too and the file is gone from the server', async () => {
    const probe = answer('gone');
    const lazy = lazyModule(flakyImporter(5), probe);
    expect(await failureOf(lazy.load())).toBe('retry');
    expect(await failureOf(lazy.load())).toBe('gone');
    expect(await failureOf(lazy.load())).toBe('gone');
    expect(probe).toHaveBeenCalledTimes(3);
  });

  it('does not count a quiet warm-up that failed: a request after it still reports retry first', async () => {
    const lazy = lazyModule(flakyImporter(5), answer('gone'));
    expect(await failureOf(lazy.load({ quiet: true }))).toBe('retry');
    expect(await failureOf(lazy.load({ again: true }))).toBe('retry');
    expect(await failureOf(lazy.load({ again: true }))).toBe('gone');
  });

  it('warms up with one load that the first request joins', async () => {
    const importer = flakyImporter(0);
    const lazy = lazyModule(importer, answer('retry'));
    warmUp(lazy);
    expect(importer).toHaveBeenCalledTimes(1);
    await expect(lazy.load({ again: true })).resolves.toEqual({ Dialog: 'the module' });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed warm-up to the first request, which tries again and is told retry, not gone', async () => {
    const importer = flakyImporter(2);
    const lazy = lazyModule(importer, answer('gone'));
    warmUp(lazy);
    expect(await failureOf(lazy.load({ again: true }))).toBe('retry');
    await expect(lazy.load({ again: true })).resolves.toEqual({ Dialog: 'the module' });
    expect(importer).toHaveBeenCalledTimes(3);
  });

  it('starts counting again after a success', async () => {
    let calls = 0;
    const importer = jest.fn(async () => {
      calls += 1;
      if (calls === 2) return 'loaded';
      throw new Error('failed');
    });
    const lazy = lazyModule(importer, answer('gone'));
    expect(await failureOf(lazy.load())).toBe('retry');
    await expect(lazy.load()).resolves.toBe('loaded');
  });

  it('passes the files the importer added to the document to the probe', async () => {
    const probe = answer('retry');
    const lazy = lazyModule(async () => {
      const script = document.createElement('script');
      script.src = 'http://localhost/_next/static/chunks/cart-dialog.js';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 0));
      script.remove();
      throw new Error('failed');
    }, probe);
    await failureOf(lazy.load());
    expect(probe).toHaveBeenCalledWith(['http://localhost/_next/static/chunks/cart-dialog.js']);
  });
});

describe('probeFailure', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    jest.restoreAllMocks();
  });

  function serverAnswers(...statuses: number[]) {
    const fetch = jest.fn(async () => ({ status: statuses.shift() ?? 200 }) as Response);
    global.fetch = fetch as unknown as typeof global.fetch;
    return fetch;
  }

  it('asks the server for each file, past the cache, and says "gone" for a 404', async () => {
    const fetch = serverAnswers(200, 404);
    await expect(probeFailure(['/a.js', '/b.js', '/a.js'])).resolves.toBe('gone');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith('/b.js', { method: 'HEAD', cache: 'no-store' });
  });

  it('says "retry" when the files are there', async () => {
    serverAnswers(200);
    await expect(probeFailure(['/a.js'])).resolves.toBe('retry');
  });

  it('says "retry" when the probe cannot reach the server either: the connection may recover', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof global.fetch;
    await expect(probeFailure(['/a.js'])).resolves.toBe('retry');
  });

  it('says "offline" without asking when the browser knows it is offline', async () => {
    const fetch = serverAnswers(200);
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(probeFailure(['/a.js'])).resolves.toBe('offline');
    expect(fetch).not.toHaveBeenCalled();
  });
});
