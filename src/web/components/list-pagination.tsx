import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ListPaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous/Next with 'Page X of Y' (SPEC §2); the list shows it for more than one page. */
export function ListPagination({ page, pages, onPage }: ListPaginationProps) {
  return (
    <nav className="flex items-center justify-center gap-4" aria-label="Pagination">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
        <ChevronRight />
      </Button>
    </nav>
  );
}
