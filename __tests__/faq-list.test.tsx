import { render, screen, within } from '@testing-library/react';
import { FaqList } from '@/components/ui/faq-list';
import { getDictionary, getSite } from '@/lib/content';
import { locales } from '@/lib/i18n';

const { email } = getSite();

describe.each(locales)('the FAQs in %s', (locale) => {
  const dict = getDictionary(locale);

  it.each([
    ['home page', dict.home.faq.items],
    ['category pages', dict.category.faq.items],
  ])('on the %s tell a buyer where to report a bad lead: the sales address, as a link', (_, items) => {
    render(<FaqList items={items} email={email} />);
    const links = screen.getAllByRole('link', { name: email });
    for (const link of links) expect(link).toHaveAttribute('href', `mailto:${email}`);
    // The answer about the replacement names it (the one that gives the days to report in).
    const days = String(getSite().facts.replacementDays);
    const answer = links[0]!.closest('p')!;
    expect(within(answer).getByText(new RegExp(`\\b${days}\\b`))).toBeInTheDocument();
    expect(screen.queryByText(/\{email\}/)).not.toBeInTheDocument();
  });
});
