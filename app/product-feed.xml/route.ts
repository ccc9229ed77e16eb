import { productFeed } from '@/lib/feeds';
import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-static';

export function GET() {
  return new Response(productFeed({ base: siteUrl() }), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
}
