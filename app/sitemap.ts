import type { MetadataRoute } from 'next';
import { contentLastChanged } from '@/lib/content';
import { sitemapEntries } from '@/lib/feeds';
import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-static';

export default function sitemap(): MetadataRoute.Sitemap {
  return sitemapEntries({ base: siteUrl(), lastModified: contentLastChanged() });
}
