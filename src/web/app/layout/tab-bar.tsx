import { Link } from 'wouter';
import { cn } from '@/lib/cn';
import { useNavLinks } from './nav-items';

/**
 * Phones' navigation (issue 34): a bar of five tabs at the bottom, within a thumb's reach, in
 * place of the header's nav. index.css sizes --tab-bar-h from it, so pages keep clear of it.
 */
export function TabBar() {
  const links = useNavLinks();
  return (
    <nav
      aria-label="Main"
      data-slot="tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:hidden"
    >
      <ul className="grid h-14 grid-cols-5">
        {links.map(({ href, to, label, icon: Icon, current }) => (
          <li key={href} className="flex">
            <Link
              href={to}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex flex-1 flex-col items-center justify-center gap-0.5 rounded-md text-xs font-medium text-muted-foreground outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:ring-inset',
                current ? 'text-primary' : 'hover:text-foreground',
              )}
            >
              {/* the current tab is marked by a shape too, not by its colour alone */}
              <span className={cn('rounded-full px-4 py-0.5', current && 'bg-primary/15')}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
