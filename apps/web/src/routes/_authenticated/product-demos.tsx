import { createFileRoute } from '@tanstack/react-router';
import { ProductDemosPage, productDemosSearchSchema } from '@/features/product-demos/product-demos-page';

export const Route = createFileRoute('/_authenticated/product-demos')({ validateSearch: productDemosSearchSchema, component: ProductDemosPage });
