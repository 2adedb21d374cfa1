import type { AppDeps } from '../../core/deps.ts';
import { fieldError, permissionDenied } from '../../core/errors.ts';
import { hitRateLimit } from '../../core/rate-limit.ts';
import { safeFetch, SafeFetchError } from '../../core/safe-fetch.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { createContext, type Author } from './contexts.service.ts';
import { CONTEXT_CONTENT_MAX, CONTEXT_NAME_MAX } from './contexts.schemas.ts';
import { contextFromPage, PageTooComplexError, readProductPage } from './product-page.ts';

/** Imports a team may start per minute: each one makes the server fetch a page from the internet. */
export const URL_IMPORTS_PER_MINUTE = 30;

const NOT_HTML = (type: string) =>
  `This page is not HTML (it is ${type}); only web pages can be imported. Use the address of the product's page, not of a file.`;

/**
 * `POST /api/contexts/from_url/`: fetches a product page (core/safe-fetch.ts: the rules of
 * docs/url-import.md) and creates a product context from what it says. Every refusal and every
 * failure of the page's site is a 400 on `url` saying why; nothing is created then.
 */
export async function importContextFromUrl(deps: AppDeps, access: TeamAccess, user: Author, url: string) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change contexts.');
  await hitRateLimit(deps.db, `url-import:team:${access.team.id}`, URL_IMPORTS_PER_MINUTE, 60);
  let page;
  try {
    const fetched = await safeFetch(url, {
      allowHosts: deps.config.URL_IMPORT_ALLOW_HOSTS,
      timeoutMs: deps.config.URL_IMPORT_TIMEOUT_MS,
      unsupportedTypeMessage: NOT_HTML,
    });
    page = await readProductPage(fetched.body, fetched.charset, fetched.url);
  } catch (error) {
    if (error instanceof SafeFetchError) throw fieldError({ url: error.message });
    if (error instanceof PageTooComplexError) throw fieldError({ url: 'This page is too complex for us to read.' });
    throw error;
  }
  if (!page.description && page.features.length === 0 && !page.price) {
    throw fieldError({ url: 'We found nothing about a product on this page: no description, features or price. Try the address of the product’s own page.' });
  }
  const fields = contextFromPage(page, { name: CONTEXT_NAME_MAX, content: CONTEXT_CONTENT_MAX });
  return createContext(deps, access, user, { name: fields.name || 'Imported product', type: 'product', content: fields.content });
}
