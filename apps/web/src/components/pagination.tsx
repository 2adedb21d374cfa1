import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** e.g. "12 contexts", shown after "Page 1 of 3" */
  total?: string;
  /** names the navigation landmark for screen readers */
  label?: string;
  /** while the next page loads, both buttons wait */
  isBusy?: boolean;
  className?: string;
}

/** Previous / Next under a list, with where the reader is; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, total, label = 'Pages', isBusy = false, className = '' }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-2 text-sm text-muted-foreground ${className}`}>
      <span>
        Page {page} of {pageCount}
        {total ? ` · ${total}` : ''}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1 || isBusy} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pageCount || isBusy} onClick={() => onPageChange(page + 1)}>
          Next <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
