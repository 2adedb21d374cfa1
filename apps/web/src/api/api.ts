import { hookwallApi } from './generated/hookwall-api';
import type { TagType } from './base-api';

/**
 * The generated endpoints carry the cache tags of their OpenAPI operations (the codegen's `tag`
 * option): a query provides its area's tag, a mutation invalidates it. The API tags its operations
 * with the client's tag types (TAG_TYPES in base-api.ts), so no tag is guessed here. What follows are
 * the exceptions, by endpoint name (a typo is a type error):
 */
type EndpointName = keyof typeof hookwallApi.endpoints;
type Override = { invalidatesTags: TagType[] };

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

/** A clip's transcription changes the clip (its transcript) and spends a credit. */
const CLIP_AND_CREDIT_CHANGES = ['postApiBrandVideosByIdTranscribe'] as const satisfies readonly EndpointName[];

const overrides: Partial<Record<EndpointName, Override>> = {
  ...Object.fromEntries(NON_INVALIDATING.map((name) => [name, { invalidatesTags: [] }])),
  ...Object.fromEntries(SUBSCRIPTION_CHANGES.map((name) => [name, { invalidatesTags: ['subscriptions', 'teams'] }])),
  ...Object.fromEntries(VIDEO_CHANGES.map((name) => [name, { invalidatesTags: ['Text Wall Videos', 'Composite Videos', 'api'] }])),
  ...Object.fromEntries(CREDIT_CHANGES.map((name) => [name, { invalidatesTags: ['subscriptions'] }])),
  ...Object.fromEntries(CLIP_AND_CREDIT_CHANGES.map((name) => [name, { invalidatesTags: ['Brand Videos', 'subscriptions'] }])),
};

export const api = hookwallApi.enhanceEndpoints({ endpoints: overrides as never });
export * from './generated/hookwall-api';
