import { createFileRoute } from '@tanstack/react-router';
import { TextWallPage } from '@/features/text-wall/text-wall-page';

export const Route = createFileRoute('/_authenticated/create/text-wall')({ component: TextWallPage });
