import { createFileRoute } from '@tanstack/react-router';
import { MusicPage } from '@/features/music/music-page';

export const Route = createFileRoute('/_authenticated/music')({ component: MusicPage });
