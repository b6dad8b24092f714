import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { PageMain } from '@/components/page-main';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <PageMain className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <Compass className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-3xl font-bold tracking-tight">404 - Page Not Found</h1>
      <p className="text-muted-foreground">This path doesn&apos;t exist in the wilderness.</p>
      <Button asChild>
        <Link href="/">Back to Home</Link>
      </Button>
    </PageMain>
  );
}
