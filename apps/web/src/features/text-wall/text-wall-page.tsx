import { Sparkles } from 'lucide-react';
import { EmptyState, PageHeader } from '@/components/layout/page-header';

export function TextWallPage() {
  return (
    <>
      <PageHeader title="Create text walls" description="Hooks over background clips, rendered by the dozen." />
      <EmptyState icon={Sparkles} title="The text wall builder is on its way" description="Pick a product context, generate hooks, choose backgrounds and create a batch of videos in one go." />
    </>
  );
}
