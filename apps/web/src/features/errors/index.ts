/** The error views' public entry. */
export { ErrorView, FullPageSpinner, NotFoundView } from './error-views';
