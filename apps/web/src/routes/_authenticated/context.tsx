import { createFileRoute } from '@tanstack/react-router';
import { ContextPage } from '@/features/context/context-page';

export const Route = createFileRoute('/_authenticated/context')({ component: ContextPage });
