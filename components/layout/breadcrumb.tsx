import { getDictionary } from '@/lib/content';
import type { Page } from '@/lib/i18n';
import { breadcrumbTrail } from '@/lib/seo';

interface BreadcrumbProps {
  page: Page;
  /** On a dark hero. */
  dark?: boolean;
}

/** Where the page sits: the trail its structured data names, the pages above it as links. */
export function Breadcrumb({ page, dark = false }: BreadcrumbProps) {
  const trail = breadcrumbTrail(page);
  const current = trail.pop();
  return (
    <nav aria-label={getDictionary(page.locale).category.breadcrumbLabel}>
      <ol className={dark ? 'crumbs crumbs-dark' : 'crumbs'}>
        {trail.map((above) => (
          <li key={above.path}>
            <a href={above.path}>{above.name}</a>
          </li>
        ))}
        <li>
          <span aria-current="page">{current?.name}</span>
        </li>
      </ol>
    </nav>
  );
}
