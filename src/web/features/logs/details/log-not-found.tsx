import { ArrowLeft } from 'lucide-react';
import { appRoutes } from '../../../../common/routes';
import { NotFoundState } from '@/components/not-found-state';

export function LogNotFound() {
  return (
    <NotFoundState
      title="Log not found"
      documentTitle="Log not found"
      action={{ href: appRoutes.home, icon: <ArrowLeft />, label: 'Back to Logs' }}
    />
  );
}
