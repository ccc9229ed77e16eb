'use client';

import { useEffect, useRef } from 'react';

/**
 * Makes the native disclosure it sits in (the mobile menu) close as a menu is expected to: on Escape, with focus
 * back on its toggle, and when focus moves out of it, so that nothing behind the open menu gets focus unseen.
 * Before its code runs, and without JavaScript, the toggle alone opens and closes it.
 */
export function DisclosureCloser() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const details = ref.current?.closest('details');
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (details.open && next instanceof Node && !details.contains(next)) details.open = false;
    };
    details.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      details.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return <span ref={ref} hidden />;
}
