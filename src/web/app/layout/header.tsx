import {
  Binoculars,
  ChartColumn,
  Footprints,
  List,
  ListChecks,
  MapIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { User } from '../../../common/auth/schemas';
import { Button } from '@/components/ui/button';
import { UserMenu } from '@/features/auth';
import { listViewSearch } from '../../../common/logs/list-search';
import { ThemeToggle } from '@/features/theme';
import { productName } from '@/lib/product-name';
import { OfflineBanner } from './offline-banner';
import { SkipLink } from './skip-link';

interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  isCurrent: (location: string) => boolean;
  /** The list and the map share their search and filters (the URL query string). */
  sharesListSearch?: boolean;
}

const navItems: NavItem[] = [
  {
    href: '/',
    label: 'Logs',
    icon: List,
    isCurrent: (location) => location === '/' || location.startsWith('/logs/'),
    sharesListSearch: true,
  },
  {
    href: '/map',
    label: 'Map',
    icon: MapIcon,
    isCurrent: (location) => location === '/map',
    sharesListSearch: true,
  },
  {
    href: '/outings',
    label: 'Outings',
    icon: Footprints,
    isCurrent: (location) => location === '/outings' || location.startsWith('/outings/'),
  },
  {
    href: '/lists',
    label: 'Lists',
    icon: ListChecks,
    isCurrent: (location) => location === '/lists',
  },
  {
    href: '/stats',
    label: 'Stats',
    icon: ChartColumn,
    isCurrent: (location) => location === '/stats',
  },
];

/** The signed-in top bar (SPEC §2 "Header"). */
export function Header({ user }: { user: User }) {
  const [location] = useLocation();
  const search = useSearch();
  const onListView = location === '/' || location === '/map';
  const carried = onListView ? listViewSearch(search) : '';
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-4">
          <Link href="/" className="flex items-center gap-2 font-semibold">
            <Binoculars className="size-5 text-primary" aria-hidden="true" />
            {/* on the narrowest phones the icon alone names the app: the nav needs the room */}
            <span className="max-[380px]:sr-only">{productName}</span>
          </Link>
          <nav className="flex items-center gap-0.5 sm:gap-1" aria-label="Main">
            {navItems.map(({ href, label, icon: Icon, isCurrent, sharesListSearch }) => {
              const current = isCurrent(location);
              const to = sharesListSearch && carried ? `${href}?${carried}` : href;
              return (
                <Button
                  key={href}
                  asChild
                  size="sm"
                  variant={current ? 'secondary' : 'ghost'}
                  // icon-only buttons a little narrower on phones: four of them fit beside the name
                  className="has-[>svg]:px-1.5 sm:has-[>svg]:px-2.5"
                >
                  <Link href={to} aria-current={current ? 'page' : undefined}>
                    <Icon aria-hidden="true" />
                    {/* icon-only on small screens; the label stays for screen readers */}
                    <span className="sr-only sm:not-sr-only">{label}</span>
                  </Link>
                </Button>
              );
            })}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <UserMenu user={user} />
          </div>
        </div>
        <OfflineBanner />
      </header>
    </>
  );
}
