import type { Metadata } from 'next';
import { CategoryPage } from '@/components/category/category-page';
import { SiteShell } from '@/components/layout/site-shell';
import { categoryPageFromParams, categoryParams } from '@/lib/page-routes';
import { pageMetadata } from '@/lib/seo';

interface Props {
  params: Promise<{ slug: string }>;
}

export const dynamicParams = false;

export function generateStaticParams() {
  return categoryParams('de');
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata(await categoryPageFromParams(params, 'de'));
}

export default async function GermanCategoryPage({ params }: Props) {
  const page = await categoryPageFromParams(params, 'de');
  return (
    <SiteShell page={page}>
      <CategoryPage category={page.category} locale={page.locale} />
    </SiteShell>
  );
}
