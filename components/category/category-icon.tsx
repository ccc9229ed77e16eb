import AcademicCapIcon from '@heroicons/react/24/outline/AcademicCapIcon';
import BanknotesIcon from '@heroicons/react/24/outline/BanknotesIcon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import BriefcaseIcon from '@heroicons/react/24/outline/BriefcaseIcon';
import BuildingOffice2Icon from '@heroicons/react/24/outline/BuildingOffice2Icon';
import ChevronDoubleUpIcon from '@heroicons/react/24/outline/ChevronDoubleUpIcon';
import FireIcon from '@heroicons/react/24/outline/FireIcon';
import HomeModernIcon from '@heroicons/react/24/outline/HomeModernIcon';
import LightBulbIcon from '@heroicons/react/24/outline/LightBulbIcon';
import ScaleIcon from '@heroicons/react/24/outline/ScaleIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import SunIcon from '@heroicons/react/24/outline/SunIcon';
import type { ComponentType, SVGProps } from 'react';
import type { Category, CategoryIcon as IconName } from '@/lib/categories';

const icons: Record<IconName, ComponentType<SVGProps<SVGSVGElement>>> = {
  stairlift: ChevronDoubleUpIcon,
  solar: SunIcon,
  'heat-pump': FireIcon,
  roofing: HomeModernIcon,
  windows: Squares2X2Icon,
  electricity: BoltIcon,
  'energy-consulting': LightBulbIcon,
  law: ScaleIcon,
  coaching: AcademicCapIcon,
  consulting: BriefcaseIcon,
  'real-estate': BuildingOffice2Icon,
  financing: BanknotesIcon,
};

interface CategoryIconProps {
  category: Category;
  size?: 'md' | 'lg';
}

/** The category's icon on its gradient tile. Decorative: the name always stands next to it. */
export function CategoryIcon({ category, size = 'md' }: CategoryIconProps) {
  const Icon = icons[category.icon];
  const box = size === 'lg' ? 'size-16 rounded-2xl' : 'size-12 rounded-xl';
  const glyph = size === 'lg' ? 'size-9' : 'size-7';
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center bg-linear-to-br text-white shadow-sm ${category.gradient} ${box}`}
    >
      <Icon className={glyph} aria-hidden="true" />
    </span>
  );
}
