import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageMain } from '@/components/page-main';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The one design of a page that is not there (issue 34): a compass, the title, why, and one way
 * back. The unknown path, a log or outing that is gone or private, the shared pages alike.
 */
export function NotFoundState({
  title,
  text,
  action,
  documentTitle,
}: {
  title: string;
  text?: string;
  /** The tab's title when the page does not set its own (the shared pages do). */
  documentTitle?: string;
  /** The way back: its link, icon and label. */
  action: { href: string; icon?: ReactNode; label: string };
}) {
  useDocumentTitle(documentTitle);
  return (
    <PageMain className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <Compass className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {text && <p className="text-muted-foreground">{text}</p>}
      <Button asChild>
        <Link href={action.href}>
          {action.icon}
          {action.label}
        </Link>
      </Button>
    </PageMain>
  );
}
