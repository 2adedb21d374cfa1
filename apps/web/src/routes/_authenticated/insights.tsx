import { createFileRoute } from '@tanstack/react-router';
import { InsightsPage, insightsSearchSchema } from '@/features/insights';

export const Route = createFileRoute('/_authenticated/insights')({ validateSearch: insightsSearchSchema, component: InsightsPage });
