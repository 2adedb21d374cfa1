import { FileText, Plus } from 'lucide-react';
import { useAppDispatch } from '@/app/hooks';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { modalOpened } from '@/features/ui/ui-slice';

/** Placeholder until the contexts issue lands the searchable list here. */
export function ContextPage() {
  const dispatch = useAppDispatch();
  const open = () => dispatch(modalOpened({ name: 'createProductContextModal' }));
  return (
    <>
      <PageHeader
        title="Context"
        description="What your product does and why it matters; used to write hooks."
        actions={
          <Button onClick={open}>
            <Plus aria-hidden /> New product context
          </Button>
        }
      />
      <EmptyState
        icon={FileText}
        title="No product context yet"
        description="Tell us about your product so we can help generate ads for you automatically."
        action={<Button variant="outline" onClick={open}>New product context</Button>}
      />
    </>
  );
}
