import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link to another page of the site. Prefetching is off: every page is a
 * small static file, and prefetching the dozens of links on each page on
 * load cost more main-thread time on phones than it saved on navigation.
 */
export function SiteLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
