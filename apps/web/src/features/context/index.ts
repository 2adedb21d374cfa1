/** The context feature's public entry: what other features may use. */
export { CreateProductContextForm } from './create-product-context-form';
