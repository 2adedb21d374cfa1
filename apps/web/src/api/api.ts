import { hookwallApi, type PostApiBrandVideosByIdTranscribeApiArg } from './generated/hookwall-api';
import type { TagType } from './base-api';

/**
 * The generated endpoints carry the cache tags of their OpenAPI operations (the codegen's `tag`
 * option): a query provides its area's tag, a mutation invalidates it. The API tags its operations
 * with the client's tag types (TAG_TYPES in base-api.ts), so no tag is guessed here. What follows are
 * the exceptions, by endpoint name (a typo is a type error):
 */
type EndpointName = keyof typeof hookwallApi.endpoints;
type Override = { invalidatesTags: TagType[]; query?: (arg: never) => unknown };

/** POSTs that change nothing the client caches: signing in, or only opening a checkout or portal session. */
const NON_INVALIDATING = [
  'postApiAuthLogin',
  'postApiAuthTokenRefresh',
  'postApiAuthTokenVerify',
  'postApiAuthVerifyOtp',
  'postApiAuthRegister',
  'postApiAuthLogout',
  'postApiAuthPasswordReset',
  'postApiAuthPasswordResetCheck',
  'postApiAuthPasswordResetConfirm',
  'postAByTeamSlugSubscriptionStripeApiCreateCheckoutSession',
  'postAByTeamSlugSubscriptionStripeApiCreatePortalSession',
  'postAByTeamSlugSubscriptionApiCreditsPurchase',
  'postSubscriptionStripeWebhook',
] as const satisfies readonly EndpointName[];

/** A team's subscription changed: the teams (has_active_subscription, subscription) are stale too. */
const SUBSCRIPTION_CHANGES = [
  'postSubscriptionLocalApiCheckoutByIdPay',
  'postAByTeamSlugSubscriptionLocalApiPortalCancel',
  'postAByTeamSlugSubscriptionLocalApiPortalResume',
] as const satisfies readonly EndpointName[];

/** Calls that start, stop or remove renders: every video list and the render jobs ('api') change. */
const VIDEO_CHANGES = [
  'postApiTextWallVideos',
  'postApiTextWallVideosBulkCreate',
  'postApiTextWallVideosByIdRender',
  'deleteApiTextWallVideosById',
  'postApiCompositeVideos',
  'postApiCompositeVideosBulkCreateHookProductDemo',
  'postApiCompositeVideosMultitextwall',
  'postApiCompositeVideosByIdRender',
  'deleteApiCompositeVideosById',
  'postApiRemotionRenderJobsByIdCancel',
] as const satisfies readonly EndpointName[];

/**
 * Writing texts with a model spends credits, and so does a remote voice's speech (the preview's
 * speak calls change nothing else: the voices list is the configuration's).
 */
const CREDIT_CHANGES = ['postApiTextWallVideosGenerateTexts', 'postApiVoicesSpeak'] as const satisfies readonly EndpointName[];

/**
 * A clip's transcription changes the clip (its transcript) and spends a credit. It answers once the
 * server has read the clip's sound and the speech service has heard it (the service's own timeout,
 * SPEECH_TIMEOUT_MS, may be up to 10 minutes): longer than the 30 s every other call is given. Its
 * tags are invalidated whatever the outcome, so a transcript the server stored after the browser
 * stopped waiting still shows.
 */
export const TRANSCRIBE_TIMEOUT_MS = 11 * 60_000;
const transcribeQuery = {
  query: (arg: PostApiBrandVideosByIdTranscribeApiArg) => ({ url: `/api/brand-videos/${encodeURIComponent(arg.id)}/transcribe/`, method: 'POST', body: arg.body, timeout: TRANSCRIBE_TIMEOUT_MS }),
};

const overrides: Partial<Record<EndpointName, Override>> = {
  ...Object.fromEntries(NON_INVALIDATING.map((name) => [name, { invalidatesTags: [] }])),
  ...Object.fromEntries(SUBSCRIPTION_CHANGES.map((name) => [name, { invalidatesTags: ['subscriptions', 'teams'] }])),
  ...Object.fromEntries(VIDEO_CHANGES.map((name) => [name, { invalidatesTags: ['Text Wall Videos', 'Composite Videos', 'api'] }])),
  ...Object.fromEntries(CREDIT_CHANGES.map((name) => [name, { invalidatesTags: ['subscriptions'] }])),
  postApiBrandVideosByIdTranscribe: { invalidatesTags: ['Brand Videos', 'subscriptions'], ...transcribeQuery },
};

export const api = hookwallApi.enhanceEndpoints({ endpoints: overrides as never });
export * from './generated/hookwall-api';
