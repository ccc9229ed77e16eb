import type { MetadataRoute } from 'next';
import { absoluteUrl, siteUrl } from '@/lib/seo';

export const dynamic = 'force-static';

/**
 * Everything may be crawled but the framework's page data: beside each page the export holds its RSC payload
 * (`/kategorien.txt`, `/leads/solar/__next._full.txt`), plain text that the client router fetches and a crawler
 * that finds it reports as a duplicate of the page. Each page's HTML is complete without it, so blocking it changes
 * nothing a crawler renders. `/llms.txt` is for agents: its longer rule wins.
 */
export default function robots(): MetadataRoute.Robots {
  return {
    // With a query too: the router asks for them as `/kategorien.txt?_rsc=…`, which a crawler then finds.
    rules: { userAgent: '*', allow: ['/', '/llms.txt'], disallow: ['/*.txt$', '/*.txt?'] },
    sitemap: absoluteUrl('/sitemap.xml', siteUrl()),
  };
}
