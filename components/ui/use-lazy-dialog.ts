'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * Open state for a dialog whose code is loaded on first use: `mounted` turns
 * true on the first open and stays true, so pages that never open the dialog
 * never load it. Focus goes back to the trigger when the dialog closes:
 * Headless UI would do that from a focus history it starts keeping only once
 * its code has loaded, which is after the first click on the trigger.
 */
export function useLazyDialog<T extends HTMLElement = HTMLButtonElement>() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<T>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (wasOpen.current && !open) triggerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return {
    open,
    mounted,
    triggerRef,
    show: () => {
      setMounted(true);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
