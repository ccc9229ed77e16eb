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
