import { Home } from 'lucide-react';
import { NotFoundState } from '@/components/not-found-state';

export function NotFoundPage() {
  return (
    <NotFoundState
      title="404 - Page Not Found"
      documentTitle="Page Not Found"
      text="This path doesn't exist in the wilderness."
      action={{ href: '/', icon: <Home />, label: 'Back to Home' }}
    />
  );
}
