import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { appRoutes } from '../../../../common/routes';
import { PageMain } from '@/components/page-main';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LogNotFound() {
  useDocumentTitle('Log not found');
  return (
    <PageMain className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Log not found</h1>
      <Button asChild variant="outline">
        <Link href={appRoutes.home}>
          <ArrowLeft />
          Back to Logs
        </Link>
      </Button>
    </PageMain>
  );
}
