import { ChartColumn, Footprints, List, ListChecks, MapIcon, type LucideIcon } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { listViewSearch } from '../../../common/logs/list-search';

// The app's main places: the header's nav on wider screens, the tab bar on phones (issue 34).

export interface NavItem {
  href: string;
  label: string;
  icon: LucideIcon;
  isCurrent: (location: string) => boolean;
  /** The list and the map share their search and filters (the URL query string). */
  sharesListSearch?: boolean;
}

export const navItems: NavItem[] = [
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

/** Each place's link and whether it is the current page; the list's search goes along. */
export function useNavLinks() {
  const [location] = useLocation();
  const search = useSearch();
  const onListView = location === '/' || location === '/map';
  const carried = onListView ? listViewSearch(search) : '';
  return navItems.map((item) => ({
    ...item,
    to: item.sharesListSearch && carried ? `${item.href}?${carried}` : item.href,
    current: item.isCurrent(location),
  }));
}
