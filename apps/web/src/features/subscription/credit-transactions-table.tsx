import { ReceiptText } from 'lucide-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useGetAByTeamSlugSubscriptionApiCreditTransactionsQuery } from '@/api/api';
import { Badge } from '@/components/ui/badge';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { CREDIT_KIND_LABELS, formatAmount, formatDateTime } from './billing-format';
import { Pagination } from '@/components/pagination';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** The history's page from the URL (?history_page=), 1 when absent or malformed. */
export function historyPage(search: Record<string, unknown>): number {
  const page = Number(search.history_page);
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1;
}

/** The credit ledger, newest first, ten a page: loading skeleton, empty state, error with Retry. */
export function CreditTransactionsTable({ teamSlug }: { teamSlug: string }) {
  const navigate = useNavigate();
  const page = historyPage(useSearch({ strict: false }) as Record<string, unknown>);
  const setPage = (next: number) =>
    void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, history_page: next > 1 ? next : undefined }), replace: true });
  const query = useGetAByTeamSlugSubscriptionApiCreditTransactionsQuery({ teamSlug, page, pageSize: TRANSACTIONS_PAGE_SIZE, ordering: '-created_at' });
  const { data, isLoading, isFetching, isError, error, refetch } = query;
  const pageCount = data ? Math.max(1, Math.ceil(data.count / TRANSACTIONS_PAGE_SIZE)) : 1;

  if (isLoading) {
    return (
      <div role="status" aria-label="Loading credit history" className="grid gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (isError && !data) {
    return (
      <LoadError what="the credit history" error={error} onRetry={() => void refetch()} className="py-8" />
    );
  }
  if (!data || data.count === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-8 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ReceiptText className="size-5" aria-hidden />
        </span>
        <p className="text-sm font-medium">No credit activity yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">Credits your plan grants, packs you buy and credits spent on AI-written copy will appear here.</p>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <div className={cn('overflow-x-auto rounded-lg border', isFetching && 'opacity-60 transition-opacity')} aria-busy={isFetching}>
        <table className="w-full text-sm">
          <caption className="sr-only">Credit history, newest first</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="hidden px-4 py-2.5 font-medium sm:table-cell">
                Date
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium sm:px-2">
                Description
              </th>
              <th scope="col" className="px-2 py-2.5 text-right font-medium">
                Credits
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium sm:px-4">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((t) => (
              <tr key={t.id} className="border-t">
                <td className="hidden px-4 py-2.5 whitespace-nowrap text-muted-foreground sm:table-cell">{formatDateTime(t.created_at)}</td>
                <td className="px-3 py-2.5 sm:px-2">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <Badge variant={t.amount > 0 ? 'success' : 'secondary'}>{CREDIT_KIND_LABELS[t.kind] ?? t.kind}</Badge>
                    <span className="min-w-0">{t.reason}</span>
                  </div>
                  {/* on a phone the date column gives way; the date sits under the description */}
                  <span className="mt-1 block text-xs text-muted-foreground sm:hidden">{formatDateTime(t.created_at)}</span>
                </td>
                <td className={cn('px-2 py-2.5 text-right font-medium tabular-nums', t.amount > 0 ? 'text-success' : 'text-foreground')}>{formatAmount(t.amount)}</td>
                <td className="px-3 py-2.5 text-right tabular-nums sm:px-4">{t.balance_after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageCount={pageCount} onPageChange={setPage} label="Credit history pages" isBusy={isFetching} />
    </div>
  );
}
