import { createFileRoute } from '@tanstack/react-router';
import { TextWallPage, textWallSearchSchema } from '@/features/text-wall/text-wall-page';

export const Route = createFileRoute('/_authenticated/create/text-wall')({ validateSearch: textWallSearchSchema, component: TextWallPage });
