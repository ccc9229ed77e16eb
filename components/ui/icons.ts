// The drawings of the site's icons, by name: Heroicons, drawn once into the sprite public/icons.svg
// (scripts/icons.ts) that every page's <Icon> refers to. Only the sprite's generator and its test import this
// table; components import the type of its names alone, so no drawing travels in a page or its JavaScript.
import ArrowRightIcon from '@heroicons/react/20/solid/ArrowRightIcon';
import ChevronDownIcon from '@heroicons/react/20/solid/ChevronDownIcon';
import MinusIcon from '@heroicons/react/20/solid/MinusIcon';
import PlusIcon from '@heroicons/react/20/solid/PlusIcon';
import StarIcon from '@heroicons/react/20/solid/StarIcon';
import AcademicCapIcon from '@heroicons/react/24/outline/AcademicCapIcon';
import AdjustmentsHorizontalIcon from '@heroicons/react/24/outline/AdjustmentsHorizontalIcon';
import BanknotesIcon from '@heroicons/react/24/outline/BanknotesIcon';
import Bars3Icon from '@heroicons/react/24/outline/Bars3Icon';
import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import BriefcaseIcon from '@heroicons/react/24/outline/BriefcaseIcon';
import BuildingOffice2Icon from '@heroicons/react/24/outline/BuildingOffice2Icon';
import CheckBadgeIcon from '@heroicons/react/24/outline/CheckBadgeIcon';
import ChevronDoubleUpIcon from '@heroicons/react/24/outline/ChevronDoubleUpIcon';
import ClipboardDocumentIcon from '@heroicons/react/24/outline/ClipboardDocumentIcon';
import DocumentCheckIcon from '@heroicons/react/24/outline/DocumentCheckIcon';
import EnvelopeIcon from '@heroicons/react/24/outline/EnvelopeIcon';
import FireIcon from '@heroicons/react/24/outline/FireIcon';
import HeartIcon from '@heroicons/react/24/outline/HeartIcon';
import HomeModernIcon from '@heroicons/react/24/outline/HomeModernIcon';
import LightBulbIcon from '@heroicons/react/24/outline/LightBulbIcon';
import PaperAirplaneIcon from '@heroicons/react/24/outline/PaperAirplaneIcon';
import PlayCircleIcon from '@heroicons/react/24/outline/PlayCircleIcon';
import PrinterIcon from '@heroicons/react/24/outline/PrinterIcon';
import ScaleIcon from '@heroicons/react/24/outline/ScaleIcon';
import ShieldCheckIcon from '@heroicons/react/24/outline/ShieldCheckIcon';
import ShoppingCartIcon from '@heroicons/react/24/outline/ShoppingCartIcon';
import SparklesIcon from '@heroicons/react/24/outline/SparklesIcon';
import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import SunIcon from '@heroicons/react/24/outline/SunIcon';
import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import TruckIcon from '@heroicons/react/24/outline/TruckIcon';
import UserGroupIcon from '@heroicons/react/24/outline/UserGroupIcon';
import WrenchScrewdriverIcon from '@heroicons/react/24/outline/WrenchScrewdriverIcon';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import CheckCircleIcon from '@heroicons/react/24/solid/CheckCircleIcon';
import PlayIcon from '@heroicons/react/24/solid/PlayIcon';

export const iconDrawings = {
  'arrow-right': ArrowRightIcon,
  'chevron-down': ChevronDownIcon,
  minus: MinusIcon,
  plus: PlusIcon,
  star: StarIcon,
  'academic-cap': AcademicCapIcon,
  'adjustments-horizontal': AdjustmentsHorizontalIcon,
  banknotes: BanknotesIcon,
  'bars-3': Bars3Icon,
  bolt: BoltIcon,
  briefcase: BriefcaseIcon,
  'building-office-2': BuildingOffice2Icon,
  'check-badge': CheckBadgeIcon,
  'chevron-double-up': ChevronDoubleUpIcon,
  'clipboard-document': ClipboardDocumentIcon,
  'document-check': DocumentCheckIcon,
  envelope: EnvelopeIcon,
  fire: FireIcon,
  heart: HeartIcon,
  'home-modern': HomeModernIcon,
  'light-bulb': LightBulbIcon,
  'paper-airplane': PaperAirplaneIcon,
  'play-circle': PlayCircleIcon,
  printer: PrinterIcon,
  scale: ScaleIcon,
  'shield-check': ShieldCheckIcon,
  'shopping-cart': ShoppingCartIcon,
  sparkles: SparklesIcon,
  'squares-2x2': Squares2X2Icon,
  sun: SunIcon,
  trash: TrashIcon,
  truck: TruckIcon,
  'user-group': UserGroupIcon,
  'wrench-screwdriver': WrenchScrewdriverIcon,
  'x-mark': XMarkIcon,
  'check-circle': CheckCircleIcon,
  play: PlayIcon,
};

export type IconName = keyof typeof iconDrawings;
