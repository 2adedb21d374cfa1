import { Link } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';

export function VideosPage() {
  return (
    <>
      <PageHeader title="Videos" description="Every text wall and composite your team has made." />
      <EmptyState
        icon={Video}
        title="No videos yet"
        description="Create a batch of text wall videos from your product context; they appear here as they render."
        action={
          <Button asChild>
            <Link to="/create/text-wall">Create text walls</Link>
          </Button>
        }
      />
    </>
  );
}
