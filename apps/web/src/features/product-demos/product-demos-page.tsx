import { Film } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/layout/page-header';

/** Placeholder until the media issue lands its clip library and upload modal here. */
export function ProductDemosPage() {
  return (
    <>
      <PageHeader title="Product demos" description="Your clip library: hooks and product demos used to build composites." />
      <EmptyState icon={Film} title="No clips yet" description="Uploading product demos arrives with the media library. Vertical clips of a few seconds work best." />
    </>
  );
}
