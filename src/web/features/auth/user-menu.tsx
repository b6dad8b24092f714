import { Info, LogOut, ShieldCheck, UserCog } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { User } from '../../../common/auth/schemas';
import { appRoutes } from '../../../common/routes';
import { AboutDialog } from '@/components/about-dialog';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { OFFLINE_REASON } from '@/components/needs-connection';
import { useOnline } from '@/lib/use-online';
import { useSignOut } from './sign-out';
import { avatarInitials, displayName } from './user-display';

/** `items`: what other features add after Admin (app/ composes them: the review's, issue 36). */
export function UserMenu({ user, items }: { user: User; items?: ReactNode }) {
  const name = displayName(user);
  const [about, setAbout] = useState(false);
  const { signOut, dialog } = useSignOut(user.id);
  const online = useOnline();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="h-10 gap-2 px-1.5 sm:px-2">
            <Avatar aria-hidden="true">
              {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
              {/* muted-on-muted text is below the 4.5:1 contrast small text needs */}
              <AvatarFallback className="text-foreground">{avatarInitials(user)}</AvatarFallback>
            </Avatar>
            {/* the name stays the button's accessible name when hidden on small screens; a long
                email is cut on one line (not-sr-only would let it wrap) */}
            <span className="sr-only sm:not-sr-only">
              <span className="inline-block max-w-40 truncate align-middle">{name}</span>
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-48">
          <DropdownMenuLabel className="truncate">{name}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link href={appRoutes.account}>
              <UserCog />
              Account
            </Link>
          </DropdownMenuItem>
          {user.role === 'admin' && (
            <DropdownMenuItem asChild>
              <Link href={appRoutes.admin}>
                <ShieldCheck />
                Admin
              </Link>
            </DropdownMenuItem>
          )}
          {items}
          <DropdownMenuItem onSelect={() => setAbout(true)}>
            <Info />
            About
          </DropdownMenuItem>
          {/* offline, signing out would leave the app for the browser's error page (issue 23) */}
          <DropdownMenuItem onSelect={signOut} disabled={!online}>
            <LogOut />
            {online ? 'Sign Out' : `Sign Out (${OFFLINE_REASON.toLowerCase()})`}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <AboutDialog open={about} onOpenChange={setAbout} />
      {dialog}
    </>
  );
}
