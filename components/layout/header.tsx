import type { CSSProperties } from 'react';
import { CartButton } from '@/components/cart/cart-button';
import { priceList } from '@/lib/categories';
import { getCategories, getCategoryNames, getDictionary, getSite } from '@/lib/content';
import { wordsPath } from '@/lib/lazy-words';
import { homePath, otherLocales, pagePath, translatePage, type Page } from '@/lib/i18n';
import { CategoriesMenu } from './categories-menu';
import { ExternalLink } from './external-link';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { categoryLinks, headerLinks } from './nav-links';

interface HeaderProps {
  page: Page;
}

/** The sticky site header: logo, navigation, language toggle and cart. */
export function Header({ page }: HeaderProps) {
  const { locale } = page;
  const dict = getDictionary(locale);
  const site = getSite();
  const names = getCategoryNames(locale);
  const links = headerLinks(locale, dict);
  const categories = categoryLinks(locale, names);
  const languages = otherLocales(locale);
  const contact = { href: site.links.contact, label: dict.header.contact };
  const navLink = 'nav-link';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/80 print:hidden">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <a
          href={homePath(locale)}
          className="inline-flex min-h-11 items-center rounded-md"
          aria-label={dict.header.homeLabel}
        >
          <Logo brand={site.brand} />
        </a>

        <nav aria-label={dict.header.mainNavLabel} className="ml-4 hidden items-center gap-1 md:flex lg:ml-8">
          <a href={links.features.href} className={navLink}>
            {links.features.label}
          </a>
          <CategoriesMenu label={dict.header.categories} items={categories} overview={links.overview} />
          <a href={links.pricing.href} className={navLink}>
            {links.pricing.label}
          </a>
          <ExternalLink href={contact.href} newTabHint={dict.header.newTab} className={navLink}>
            {contact.label}
          </ExternalLink>
        </nav>

        {/* Fixed cells: while the page streams in, the controls already parsed keep their place as the rest arrive.
            One cell per other language and one for the cart, plus the menu's below md. */}
        <div
          style={{ '--controls': languages.length + 1 } as CSSProperties}
          className="ml-auto grid h-11 grid-cols-[repeat(calc(var(--controls)+1),--spacing(11))] gap-2 md:grid-cols-[repeat(var(--controls),--spacing(11))]"
        >
          {languages.map((language) => {
            // Each language names itself, in its own words: the link carries that language's `lang`.
            const { code, switchLabel } = getDictionary(language).language;
            return (
              <a
                key={language}
                href={pagePath(translatePage(page, language))}
                hrefLang={language}
                lang={language}
                aria-label={switchLabel}
                className="hover:text-brand-700 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-sm font-semibold text-slate-700 hover:bg-slate-100"
              >
                {code}
              </a>
            );
          })}

          <CartButton
            label={dict.header.cart}
            countLabel={dict.header.cartCount}
            prices={priceList(getCategories())}
            dialogData={wordsPath('cart', locale)}
          />

          <MobileMenu
            label={dict.header.menu}
            categoriesLabel={dict.header.categories}
            links={[links.features, links.pricing]}
            categories={[...categories, links.overview]}
            contact={contact}
            newTabHint={dict.header.newTab}
          />
        </div>
      </div>
    </header>
  );
}
