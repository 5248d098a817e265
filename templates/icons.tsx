// One module per icon: the package's index holds every icon and costs a quarter second to load.
import Award from 'lucide-react/icons/award';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Boxes from 'lucide-react/icons/boxes';
import Building2 from 'lucide-react/icons/building-2';
import Calculator from 'lucide-react/icons/calculator';
import Calendar from 'lucide-react/icons/calendar';
import Car from 'lucide-react/icons/car';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleHelp from 'lucide-react/icons/circle-help';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Clock from 'lucide-react/icons/clock';
import Eye from 'lucide-react/icons/eye';
import Forklift from 'lucide-react/icons/forklift';
import Globe from 'lucide-react/icons/globe';
import Handshake from 'lucide-react/icons/handshake';
import Headset from 'lucide-react/icons/headset';
import Heart from 'lucide-react/icons/heart';
import House from 'lucide-react/icons/house';
import IndianRupee from 'lucide-react/icons/indian-rupee';
import Leaf from 'lucide-react/icons/leaf';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MapIcon from 'lucide-react/icons/map';
import MapPin from 'lucide-react/icons/map-pin';
import MessageCircle from 'lucide-react/icons/message-circle';
import Navigation from 'lucide-react/icons/navigation';
import Package from 'lucide-react/icons/package';
import PawPrint from 'lucide-react/icons/paw-print';
import Phone from 'lucide-react/icons/phone';
import PhoneCall from 'lucide-react/icons/phone-call';
import Route from 'lucide-react/icons/route';
import Send from 'lucide-react/icons/send';
import Shield from 'lucide-react/icons/shield';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smile from 'lucide-react/icons/smile';
import Sofa from 'lucide-react/icons/sofa';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Target from 'lucide-react/icons/target';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import Timer from 'lucide-react/icons/timer';
import Truck from 'lucide-react/icons/truck';
import Users from 'lucide-react/icons/users';
import Warehouse from 'lucide-react/icons/warehouse';
import Wrench from 'lucide-react/icons/wrench';
import Motorbike from 'lucide-react/icons/motorbike';
import Scooter from 'lucide-react/icons/scooter';
import Plane from 'lucide-react/icons/plane';
import Ship from 'lucide-react/icons/ship';
import Piano from 'lucide-react/icons/piano';
import PlantPot from 'lucide-react/icons/plant-pot';
import type { LucideIcon } from 'lucide-react';
import type { IconName } from '../generator/schema/index.js';

/** Every icon name content may use, drawn by lucide. A name without a drawing fails the typecheck. */
export const ICONS: Record<IconName, LucideIcon> = {
  home: House,
  building: Building2,
  package: Package,
  boxes: Boxes,
  warehouse: Warehouse,
  truck: Truck,
  car: Car,
  // A moving company's loads: two-wheelers, cars, moves abroad by air and sea, pianos, house plants.
  bike: Motorbike,
  scooter: Scooter,
  plane: Plane,
  ship: Ship,
  piano: Piano,
  plant: PlantPot,
  paw: PawPrint,
  shield: Shield,
  'shield-check': ShieldCheck,
  clock: Clock,
  timer: Timer,
  users: Users,
  award: Award,
  heart: Heart,
  star: Star,
  phone: Phone,
  'phone-call': PhoneCall,
  mail: Mail,
  'map-pin': MapPin,
  message: MessageCircle,
  check: CircleCheck,
  calculator: Calculator,
  help: CircleHelp,
  sofa: Sofa,
  globe: Globe,
  target: Target,
  eye: Eye,
  'thumbs-up': ThumbsUp,
  handshake: Handshake,
  wrench: Wrench,
  calendar: Calendar,
  clipboard: ClipboardList,
  smile: Smile,
  lock: Lock,
  'badge-check': BadgeCheck,
  route: Route,
  map: MapIcon,
  leaf: Leaf,
  headset: Headset,
  sparkles: Sparkles,
  rupee: IndianRupee,
  forklift: Forklift,
  navigation: Navigation,
  send: Send,
};
