import { Icon } from '@/components/ui/icon';
import type { IconName } from '@/components/ui/icons';
import { categoryGradients, type Category, type CategoryIcon as CategoryIconName } from '@/lib/categories';

/** Every name in `categoryIcons` has its drawing here; the compiler reports one that is missing. */
const icons: Record<CategoryIconName, IconName> = {
  stairlift: 'chevron-double-up',
  solar: 'sun',
  'heat-pump': 'fire',
  roofing: 'home-modern',
  windows: 'squares-2x2',
  electricity: 'bolt',
  'energy-consulting': 'light-bulb',
  law: 'scale',
  coaching: 'academic-cap',
  consulting: 'briefcase',
  'real-estate': 'building-office-2',
  financing: 'banknotes',
  shield: 'shield-check',
  truck: 'truck',
  heart: 'heart',
  wrench: 'wrench-screwdriver',
};

interface CategoryIconProps {
  category: Category;
  size?: 'md' | 'lg';
}

/** The category's icon on its gradient tile. Decorative: the name always stands next to it. */
export function CategoryIcon({ category, size = 'md' }: CategoryIconProps) {
  const box = size === 'lg' ? 'size-16 rounded-2xl' : 'size-12 rounded-xl';
  const glyph = size === 'lg' ? 'size-9' : 'size-7';
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center bg-linear-to-br text-white shadow-sm ${categoryGradients[category.gradient]} ${box}`}
    >
      <Icon name={icons[category.icon]} className={glyph} />
    </span>
  );
}
