import { createFileRoute } from '@tanstack/react-router';
import { BrandPage } from '@/features/brand';

export const Route = createFileRoute('/_authenticated/brand')({ component: BrandPage });
