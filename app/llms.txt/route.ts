import { llmsTxt } from '@/lib/feeds';
import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-static';

export function GET() {
  return new Response(llmsTxt({ base: siteUrl() }), {
    headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
  });
}
