import type { PersistStorage, StorageValue } from 'zustand/middleware';

/** Stored carts larger than this are junk, not a cart: 500 lines fit in well under 100 kB. */
export const MAX_STORED_BYTES = 200_000;

/**
 * JSON in localStorage when it works, an in-memory map when it does not
 * (private mode, a full quota, storage disabled). The cart keeps working
 * either way; it just stops surviving a reload. Unparseable or oversized
 * entries read as "nothing stored".
 */
export function createSafeStorage<S>(
  getStorage: () => Storage | undefined = () => globalThis.localStorage,
): PersistStorage<S> {
  const memory = new Map<string, string>();
  /** Keys whose last write did not reach storage: their newest value lives only in memory. */
  const unsaved = new Set<string>();
  const storage = (): Storage | undefined => {
    try {
      return getStorage();
    } catch {
      return undefined;
    }
  };
  const quietly = (fn: () => void) => {
    try {
      fn();
    } catch {
      // Quota exceeded or storage blocked: the in-memory copy carries on.
    }
  };

  return {
    getItem(name) {
      let raw: string | null | undefined;
      try {
        raw = unsaved.has(name) ? undefined : storage()?.getItem(name);
      } catch {
        raw = undefined;
      }
      if (raw === undefined) raw = memory.get(name) ?? null;
      if (raw === null) return null;
      if (raw.length > MAX_STORED_BYTES) {
        quietly(() => storage()?.removeItem(name));
        return null;
      }
      try {
        const value = JSON.parse(raw) as unknown;
        return typeof value === 'object' && value !== null ? (value as StorageValue<S>) : null;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      const raw = JSON.stringify(value);
      memory.set(name, raw);
      unsaved.add(name);
      quietly(() => {
        const target = storage();
        if (!target) return;
        target.setItem(name, raw);
        unsaved.delete(name);
      });
    },
    removeItem(name) {
      memory.delete(name);
      unsaved.delete(name);
      quietly(() => storage()?.removeItem(name));
    },
  };
}

/**
 * The actions of a store kept in storage, each reading the newest stored copy first (`readNewest`, the store's
 * `persist.rehydrate()`, which reads localStorage at once). Another tab's write reaches this one as a `storage`
 * event, which waits its turn behind whatever this tab is doing; a change made to the older copy in that time would
 * write it back over what the other tab stored since. Every action goes through here, so a new one cannot forget it.
 */
export function newestFirst<T extends object>(actions: T, readNewest: () => void): T {
  const wrapped = { ...actions } as Record<string, unknown>;
  for (const [name, action] of Object.entries(actions))
    if (typeof action === 'function')
      wrapped[name] = (...args: unknown[]) => {
        readNewest();
        return (action as (...args: unknown[]) => unknown)(...args);
      };
  return wrapped as T;
}
