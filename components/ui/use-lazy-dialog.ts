'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Open state for a dialog whose code loads on first use (see
 * `components/lazy/`). Focus goes back to the trigger when the dialog
 * closes: Headless UI would do that from a focus history it starts keeping
 * only once its code has loaded, which is after the first click on the trigger.
 */
export function useLazyDialog<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<T>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) triggerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return {
    open,
    triggerRef,
    show: () => setOpen(true),
    close: () => setOpen(false),
  };
}

/**
 * `open` once the dialog has been drawn closed: Headless UI's Dialog finds the page behind it, which it makes
 * inert and hides from screen readers, only while it is drawn. A dialog whose code loaded on the click that opens
 * it would otherwise open before that, and the page behind the second such dialog stayed readable.
 */
export function useOpenOnceDrawn(open: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  // The render after the first is the point here: the first draws the dialog closed.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a second render, once, on purpose
  useEffect(() => setDrawn(true), []);
  return open && drawn;
}
