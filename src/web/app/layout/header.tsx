import { Binoculars } from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '../../../common/auth/schemas';
import { Button } from '@/components/ui/button';
import { UserMenu } from '@/features/auth';
import { ReviewMenuItem } from '@/features/review';
import { ThemeToggle } from '@/features/theme';
import { productName } from '@/lib/product-name';
import { useNavLinks } from './nav-items';
import { OfflineBanner } from './offline-banner';
import { SkipLink } from './skip-link';
import { TabBar } from './tab-bar';

/** The signed-in top bar (SPEC §2 "Header"). */
export function Header({ user }: { user: User }) {
  const links = useNavLinks();
  return (
    <>
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-4">
          <Link href="/" className="flex items-center gap-2 font-semibold pointer-coarse:min-h-11">
            <Binoculars className="size-5 text-primary" aria-hidden="true" />
            {productName}
          </Link>
          {/* phones have the tab bar instead (issue 34) */}
          <nav className="hidden items-center gap-1 sm:flex" aria-label="Main">
            {links.map(({ href, to, label, icon: Icon, current }) => (
              <Button key={href} asChild size="sm" variant={current ? 'secondary' : 'ghost'}>
                <Link href={to} aria-current={current ? 'page' : undefined}>
                  <Icon aria-hidden="true" />
                  {label}
                </Link>
              </Button>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <UserMenu user={user} items={<ReviewMenuItem user={user} />} />
          </div>
        </div>
        <OfflineBanner />
      </header>
      {/* outside the header: its backdrop filter would hold a fixed bar inside it */}
      <TabBar />
    </>
  );
}
