import { createFileRoute } from '@tanstack/react-router';
import { VideosPage, videosSearchSchema } from '@/features/videos/videos-page';

export const Route = createFileRoute('/_authenticated/videos')({ validateSearch: videosSearchSchema, component: VideosPage });
