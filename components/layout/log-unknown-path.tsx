'use client';

import { useEffect } from 'react';

/** Logs the path that led to the 404 page, so broken links show up in the console. */
export function LogUnknownPath() {
  useEffect(() => {
    console.error(`404: no page at ${window.location.pathname}`);
  }, []);
  return null;
}
