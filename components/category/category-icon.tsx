import AcademicCapIcon from '@heroicons/react/24/outline/AcademicCapIcon';
import BanknotesIcon from '@heroicons/react/24/outline/BanknotesIcon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import BriefcaseIcon from '@heroicons/react/24/outline/BriefcaseIcon';
import BuildingOffice2Icon from '@heroicons/react/24/outline/BuildingOffice2Icon';
import ChevronDoubleUpIcon from '@heroicons/react/24/outline/ChevronDoubleUpIcon';
import FireIcon from '@heroicons/react/24/outline/FireIcon';
import HeartIcon from '@heroicons/react/24/outline/HeartIcon';
import HomeModernIcon from '@heroicons/react/24/outline/HomeModernIcon';
import LightBulbIcon from '@heroicons/react/24/outline/LightBulbIcon';
import ScaleIcon from '@heroicons/react/24/outline/ScaleIcon';
import ShieldCheckIcon from '@heroicons/react/24/outline/ShieldCheckIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import SunIcon from '@heroicons/react/24/outline/SunIcon';
import TruckIcon from '@heroicons/react/24/outline/TruckIcon';
import WrenchScrewdriverIcon from '@heroicons/react/24/outline/WrenchScrewdriverIcon';
import type { ComponentType, SVGProps } from 'react';
import { categoryGradients, type Category, type CategoryIcon as IconName } from '@/lib/categories';

/** Every name in `categoryIcons` has its drawing here; the compiler reports one that is missing. */
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
  shield: ShieldCheckIcon,
  truck: TruckIcon,
  heart: HeartIcon,
  wrench: WrenchScrewdriverIcon,
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
      className={`inline-flex shrink-0 items-center justify-center bg-linear-to-br text-white shadow-sm ${categoryGradients[category.gradient]} ${box}`}
    >
      <Icon className={glyph} aria-hidden="true" />
    </span>
  );
}
