import { ImageResponse } from 'next/og';
import { lowestPrice } from '@/lib/categories';
import { getCategories, getCategoryContent, getDictionary, getSite } from '@/lib/content';
import { fill } from '@/lib/format';
import { isLocale, locales, type Page } from '@/lib/i18n';
import { formatEuros } from '@/lib/money';
import { ogImagePath } from '@/lib/seo';
import { LOGO_FUNNEL } from '@/components/layout/logo';

export const dynamic = 'force-static';
export const dynamicParams = false;

type Params = { locale: string; image: string };

/** One 1200×630 social image per home page and category page, in each language. */
function imagePages(): Page[] {
  return locales.flatMap((locale): Page[] => [
    { kind: 'home', locale },
    ...getCategories().map((category): Page => ({ kind: 'category', locale, category })),
  ]);
}

export function generateStaticParams(): Params[] {
  return imagePages().map((page) => {
    const [, , locale, image] = ogImagePath(page).split('/');
    return { locale: locale!, image: image! };
  });
}

export async function GET(_request: Request, { params }: { params: Promise<Params> }) {
  const { locale, image } = await params;
  const page = imagePages().find((candidate) => ogImagePath(candidate) === `/og/${locale}/${image}`);
  if (!page || !isLocale(locale)) return new Response('Not found', { status: 404 });

  const dict = getDictionary(locale);
  const site = getSite();
  const heading =
    page.kind === 'category'
      ? getCategoryContent(page.category, locale).h1
      : `${dict.home.hero.title} ${dict.home.hero.titleHighlight}`;
  const price =
    page.kind === 'category'
      ? fill(dict.category.fromPerLead, { price: formatEuros(page.category.price, locale) })
      : fill(dict.home.hero.fromPrice, { price: formatEuros(lowestPrice(getCategories()), locale) });

  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        color: 'white',
        background: 'linear-gradient(135deg, #1e2a78 0%, #2c3fa8 55%, #0e7490 100%)',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 40, fontWeight: 700 }}>
        {/* The logo's tile, inverted for the dark ground: a white tile with the funnel in the brand's blue. */}
        <svg width={56} height={56} viewBox="0 0 32 32" style={{ marginRight: 20 }}>
          <rect width={32} height={32} rx={8} fill="white" />
          <path d={LOGO_FUNNEL} fill="#2c3fa8" />
        </svg>
        {site.brand}
      </div>
      <div style={{ display: 'flex', fontSize: 68, fontWeight: 700, lineHeight: 1.1, maxWidth: 1000 }}>
        {heading}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 34 }}>
        <div
          style={{
            display: 'flex',
            flexShrink: 0,
            background: 'white',
            color: '#1e2a78',
            padding: '14px 28px',
            borderRadius: 16,
          }}
        >
          {`${price}, ${dict.orderForm.netNote}`}
        </div>
        <div style={{ display: 'flex', marginLeft: 32, fontSize: 28, opacity: 0.9 }}>
          {dict.home.features.badges.join('  ·  ')}
        </div>
      </div>
    </div>,
    { width: 1200, height: 630 },
  );
}
