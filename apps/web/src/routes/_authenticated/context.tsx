import { createFileRoute } from '@tanstack/react-router';
import { ContextPage, contextSearchSchema } from '@/features/context/context-page';

export const Route = createFileRoute('/_authenticated/context')({ validateSearch: contextSearchSchema, component: ContextPage });
