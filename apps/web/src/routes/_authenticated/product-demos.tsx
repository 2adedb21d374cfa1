import { createFileRoute } from '@tanstack/react-router';
import { ProductDemosPage } from '@/features/product-demos/product-demos-page';

export const Route = createFileRoute('/_authenticated/product-demos')({ component: ProductDemosPage });
