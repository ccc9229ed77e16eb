import { useSyncExternalStore } from 'react';

export const noSubscription = () => () => {};

/**
 * False in the pre-rendered HTML and while the page hydrates, true once the page's code runs. A button whose
 * click needs that code is disabled until then: the code loads only after the first paint
 * (lib/script-loader.ts), and a click before it would do nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
