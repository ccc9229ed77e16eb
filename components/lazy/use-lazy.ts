'use client';

import { useCallback, useState } from 'react';
import { LazyLoadError, type LazyModule } from './lazy-module';
import { dismissLoadNotice, markLoadTrying, showLoadNotice } from './load-notice';

export interface UseLazyOptions {
  /** What the visitor is told failed: a feature (the default), or only the order's confirmation. */
  what?: 'feature' | 'confirmation';
}

/**
 * A lazily loaded module in a component. `request(then)` loads it and then
 * runs `then`; if the load fails, the page shows a message whose button asks
 * again, and the next click on the trigger does the same. `preload()` warms
 * the load quietly (on hover or focus); `loaded` is the module once a request
 * has succeeded, for rendering.
 */
export function useLazy<T>(module: LazyModule<T>, { what = 'feature' }: UseLazyOptions = {}) {
  const [loaded, setLoaded] = useState<{ module: T } | undefined>();

  const request = useCallback(
    (then?: (loadedModule: T) => void) => {
      // Asked for by the page or the visitor: joining an attempt that fails starts a fresh one after it.
      const run = () => {
        markLoadTrying(module);
        return module.load({ again: true }).then(
          (loadedModule) => {
            dismissLoadNotice(module);
            setLoaded({ module: loadedModule });
            then?.(loadedModule);
          },
          (error: unknown) => {
            showLoadNotice({
              owner: module,
              failure: error instanceof LazyLoadError ? error.failure : 'retry',
              what,
              retry: () => void run(),
            });
          },
        );
      };
      void run();
    },
    [module, what],
  );

  const preload = useCallback(() => {
    module.load({ quiet: true }).catch(() => {
      // Only warming up: a real request reports its own failure.
    });
  }, [module]);

  return { loaded: loaded?.module, request, preload };
}
