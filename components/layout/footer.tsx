import { getCategories, getCategoryNames, getDictionary, getSite } from '@/lib/content';
import { fill } from '@/lib/format';
import { overviewPath, type Locale } from '@/lib/i18n';
import { ExternalLink } from './external-link';
import { Logo } from './logo';
import { categoryLinks, sectionPath, type NavLink } from './nav-links';

interface FooterProps {
  locale: Locale;
}

const linkClass = 'footer-link';

/** The site footer: description, product, category, company and machine-readable links. */
export function Footer({ locale }: FooterProps) {
  const dict = getDictionary(locale);
  const site = getSite();
  const { footer } = dict;

  const product = [
    { href: sectionPath(locale, 'features'), label: footer.features },
    { href: sectionPath(locale, 'categories'), label: footer.pricing },
    { href: overviewPath(locale), label: footer.overview },
  ];
  const company = [
    { href: site.links.about, label: footer.about },
    { href: site.links.imprint, label: footer.imprint },
    { href: site.links.privacy, label: footer.privacy },
    { href: site.links.terms, label: footer.terms },
  ];
  // Served as plain files outside the app, so these are full navigations, never next/link.
  const machine = [
    { href: '/llms.txt', label: footer.llms },
    { href: '/sitemap.xml', label: footer.sitemap },
    { href: '/product-feed.xml', label: footer.feed },
  ];

  return (
    <footer className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-6 lg:px-8">
        <div className="lg:col-span-2">
          <div className="[&_span]:text-white">
            <Logo brand={site.brand} />
          </div>
          <p className="mt-4 max-w-sm text-sm leading-6">
            {fill(footer.description, { count: getCategories().length })}
          </p>
        </div>

        <FooterColumn heading={footer.productHeading}>
          <LinkItems links={product} />
        </FooterColumn>

        <FooterColumn heading={dict.header.categories}>
          <LinkItems links={categoryLinks(locale, getCategoryNames(locale))} />
        </FooterColumn>

        <FooterColumn heading={footer.companyHeading}>
          {company.map((link) => (
            <li key={link.href}>
              <ExternalLink href={link.href} newTabHint={dict.header.newTab} className={linkClass}>
                {link.label}
              </ExternalLink>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn heading={footer.machineHeading}>
          {machine.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={linkClass}>
                {link.label}
              </a>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          {fill(footer.copyright, { year: site.copyrightYear, brand: site.brand })}
        </p>
      </div>
    </footer>
  );
}

function LinkItems({ links }: { links: readonly NavLink[] }) {
  return links.map((link) => (
    <li key={link.href}>
      <a href={link.href} className={linkClass}>
        {link.label}
      </a>
    </li>
  ));
}

function FooterColumn({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{heading}</h2>
      <ul className="mt-4 space-y-2">{children}</ul>
    </div>
  );
}
