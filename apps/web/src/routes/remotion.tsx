import { createFileRoute } from '@tanstack/react-router';
import { RemotionShowcasePage } from '@/features/remotion/remotion-showcase-page';

export const Route = createFileRoute('/remotion')({ component: RemotionShowcasePage });
