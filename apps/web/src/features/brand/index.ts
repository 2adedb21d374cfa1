/** The brand feature's public entry: what other features and routes may use. */
export { BrandPage } from './brand-page';
