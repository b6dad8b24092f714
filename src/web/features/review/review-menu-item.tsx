import { ClipboardCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { User } from '../../../common/auth/schemas';
import { appRoutes } from '../../../common/routes';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The user menu's "Review" (issue 36), for admins and reviewers only. The header's chunk stays
// free of zod: the account's reviewer flag is read with a guard, and only once the menu is open
// (its items mount then), so no page start pays for the question.

const reviewerReply = {
  parse: (value: unknown) =>
    typeof value === 'object' && value !== null && 'reviewer' in value && value.reviewer === true,
};

export function ReviewMenuItem({ user }: { user: User }) {
  const admin = user.role === 'admin';
  const { data: reviewer = false } = useQuery({
    queryKey: queryKeys.review.mayReview,
    queryFn: ({ signal }) => api('/api/account', reviewerReply, { signal }),
    enabled: !admin,
    staleTime: 5 * 60_000,
  });
  if (!admin && !reviewer) return null;
  return (
    <DropdownMenuItem asChild>
      <Link href={appRoutes.review}>
        <ClipboardCheck />
        Review
      </Link>
    </DropdownMenuItem>
  );
}
