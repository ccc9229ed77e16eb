'use client';

import { useEffect } from 'react';
import { create } from 'zustand';
import type { Dictionary } from '@/lib/content';
import type { LoadFailure } from './lazy-module';

interface Notice {
  /** The module that failed to load: only its own load takes the notice away. */
  owner: object;
  failure: LoadFailure;
  /** What failed to load: a feature, or only the order's confirmation (the order itself went through). */
  what: 'feature' | 'confirmation';
  retry: () => void;
  /** A load of the module is under way again (the page asked by itself): the button waits for its outcome. */
  trying?: boolean;
}

interface NoticeState {
  /** One notice per module whose load failed, the newest last; the page shows the newest. */
  notices: Notice[];
}

const useNoticeStore = create<NoticeState>(() => ({ notices: [] }));

const without = (notices: Notice[], owner: object) => notices.filter((notice) => notice.owner !== owner);

/** Shows a module's failure, in place of any earlier notice of the same module. */
export function showLoadNotice(notice: Notice): void {
  useNoticeStore.setState(({ notices }) => ({ notices: [...without(notices, notice.owner), notice] }));
}

/** Marks a module's notice, if it has one, as trying again until the load's outcome replaces or dismisses it. */
export function markLoadTrying(owner: object): void {
  useNoticeStore.setState(({ notices }) => ({
    notices: notices.map((notice) => (notice.owner === owner ? { ...notice, trying: true } : notice)),
  }));
}

/** Takes a module's notice away, once it has loaded or the visitor closed or retried it; others stay. */
export function dismissLoadNotice(owner: object): void {
  useNoticeStore.setState(({ notices }) => ({ notices: without(notices, owner) }));
}

export interface LoadNoticeProps {
  strings: Dictionary['errors'];
}

/**
 * The message in the page when code that loads later could not be loaded:
 * what happened, and a button that tries again; after a new deploy, a
 * reload instead (the cart is stored, so it survives). It is part of the
 * page's own code, so it shows even when everything else fails to load.
 */
export function LoadNotice({ strings }: LoadNoticeProps) {
  const notice = useNoticeStore((state) => state.notices.at(-1));
  // From now on this notice reports code that fails to load: the page's own words for a browser that never runs its
  // code (`.code-fallback` in app/globals.css) are not needed.
  useEffect(() => {
    document.documentElement.dataset.codeRan = '';
  }, []);
  // The alert region is always there, so that screen readers announce a message when it appears.
  if (!notice) return <div role="alert" />;

  const message = {
    retry: notice.what === 'confirmation' ? strings.confirmationFailed : strings.loadFailed,
    offline: strings.offline,
    gone: strings.updated,
  }[notice.failure];
  const button =
    'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ring-1 ring-amber-700 hover:bg-amber-100';

  return (
    <div role="alert" className="fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4">
      <div className="flex w-full max-w-xl items-start gap-3 rounded-xl bg-amber-50 p-4 text-amber-950 shadow-xl ring-1 ring-amber-300">
        <div className="flex-1">
          <p className="text-sm leading-6">{message}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {notice.failure === 'gone' ? (
              <button type="button" className={button} onClick={() => window.location.reload()}>
                {strings.reload}
              </button>
            ) : (
              <button
                type="button"
                className={`${button} disabled:opacity-60`}
                disabled={notice.trying}
                onClick={() => {
                  dismissLoadNotice(notice.owner);
                  notice.retry();
                }}
              >
                {strings.retry}
              </button>
            )}
          </div>
        </div>
        <button
          type="button"
          onClick={() => dismissLoadNotice(notice.owner)}
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-amber-100"
        >
          {/* A plain character rather than an icon: this component ships with every page. */}
          <span aria-hidden="true" className="text-2xl leading-none">
            ×
          </span>
          <span className="sr-only">{strings.dismiss}</span>
        </button>
      </div>
    </div>
  );
}
