/**
 * Who may call what: every route the API registers, with the status each kind of caller gets.
 * Columns: anonymous, a user of another team, a read-only member, an admin, a staff user of
 * another team. Team A has the member and the admin; ids in the paths are team A's objects.
 * permission-matrix.test.ts walks every registered route against this table; a route missing here
 * fails that test, so a new route cannot ship without deciding who may call it.
 */
export type Actor = 'anonymous' | 'outsider' | 'member' | 'admin' | 'staff';
export const ACTORS: Actor[] = ['anonymous', 'outsider', 'member', 'admin', 'staff'];
type Row = [anonymous: number, outsider: number, member: number, admin: number, staff: number];

const all = (status: number): Row => [status, status, status, status, status];
const signedIn = (status: number): Row => [401, status, status, status, status];
/** a read of team A's data */
const teamRead: Row = [401, 404, 200, 200, 404];
/** a change to team A's data, for admins only */
const teamWrite = (status: number): Row => [401, 404, 403, status, 404];
/** a call that makes a video: team A has no subscription, so its callers get 402 (the guard runs before anything else) */
const makesVideo: Row = [401, 404, 402, 402, 404];

export const PERMISSION_MATRIX: Record<string, Row> = {
  'GET /api/schema/': all(200),
  'GET /api/health/': all(200),
  // for the operator's scraper: the test's requests come from loopback, which is allowed by default (metricsAccess)
  'GET /metrics': all(200),
  'GET /index.html': all(200),
  'GET /favicon.svg': all(200),

  'POST /api/auth/register/': all(400),
  'POST /api/auth/login/': all(400),
  'POST /api/auth/verify-otp/': all(401),
  'POST /api/auth/token/refresh/': all(401),
  'POST /api/auth/token/verify/': all(401),
  'POST /api/auth/registration/verify-email/': all(400),
  'POST /api/auth/registration/resend-email/': signedIn(200),
  'GET /api/auth/user/': signedIn(200),
  'PUT /api/auth/user/': signedIn(200),
  'PATCH /api/auth/user/': signedIn(200),
  'POST /api/auth/password/change/': signedIn(400),
  'POST /api/auth/password/reset/': all(200),
  'POST /api/auth/password/reset/check/': all(400),
  'POST /api/auth/password/reset/confirm/': all(400),
  'GET /api/auth/otp/setup/': signedIn(200),
  'POST /api/auth/otp/enable/': signedIn(400),
  'POST /api/auth/otp/disable/': signedIn(400),
  'POST /api/auth/logout/': all(200),
  'GET /api/auth/logout/': all(200),
  'POST /api/users/profile/upload-image/': signedIn(400),
  'POST /users/api/profile/upload-image/': signedIn(400),
  'GET /media/avatars/:file': all(404),
  'GET /dashboard/api/user-signups/': [401, 403, 403, 403, 200],
  'PUT /media/upload/': all(403),
  'GET /media/files/': all(403),

  'GET /api/contexts/': teamRead,
  'POST /api/contexts/': teamWrite(201),
  // the matrix asks for a loopback page, which an admin is refused with a 400 on url
  'POST /api/contexts/from_url/': teamWrite(400),
  'GET /api/contexts/download_csv/': teamRead,
  'GET /api/contexts/:id/': teamRead,
  'PUT /api/contexts/:id/': teamWrite(200),
  'PATCH /api/contexts/:id/': teamWrite(200),
  'DELETE /api/contexts/:id/': teamWrite(204),

  'GET /api/brand-videos/': teamRead,
  'POST /api/brand-videos/': teamWrite(201),
  'GET /api/brand-videos/available_tags/': teamRead,
  'POST /api/brand-videos/bulk_tag/': teamWrite(200),
  'GET /api/brand-videos/:id/': teamRead,
  'PUT /api/brand-videos/:id/': teamWrite(200),
  'PATCH /api/brand-videos/:id/': teamWrite(200),
  'DELETE /api/brand-videos/:id/': teamWrite(204),
  'POST /api/brand-videos/:id/upload_url/': teamWrite(200),
  'POST /api/brand-videos/:id/confirm_upload/': teamWrite(400),
  // the test app has no transcription endpoint: 400 once the caller may ask
  'POST /api/brand-videos/:id/transcribe/': teamWrite(400),

  'GET /api/text-wall-background-videos/': teamRead,
  'POST /api/text-wall-background-videos/': teamWrite(201),
  // the matrix's clip is still pending: an admin gets the field error
  'POST /api/text-wall-background-videos/from_brand_video/': teamWrite(400),
  'GET /api/text-wall-background-videos/:id/': teamRead,
  'PUT /api/text-wall-background-videos/:id/': teamWrite(200),
  'PATCH /api/text-wall-background-videos/:id/': teamWrite(200),
  'DELETE /api/text-wall-background-videos/:id/': teamWrite(204),
  'POST /api/text-wall-background-videos/:id/upload_url/': teamWrite(200),
  'POST /api/text-wall-background-videos/:id/confirm_upload/': teamWrite(400),

  'GET /api/text-wall-videos/': teamRead,
  'POST /api/text-wall-videos/': teamWrite(201),
  'POST /api/text-wall-videos/bulk_create/': makesVideo,
  'POST /api/text-wall-videos/generate_texts/': teamWrite(200),
  // team A has no bulk job: the id is unknown to everyone
  'GET /api/text-wall-videos/bulk-job-status/:jobId/': [401, 404, 404, 404, 404],
  'GET /api/text-wall-videos/:id/': teamRead,
  'PUT /api/text-wall-videos/:id/': teamWrite(200),
  'PATCH /api/text-wall-videos/:id/': teamWrite(200),
  'DELETE /api/text-wall-videos/:id/': teamWrite(204),
  'POST /api/text-wall-videos/:id/render/': makesVideo,
  'GET /api/text-wall-videos/:id/render_status/': teamRead,

  'GET /api/composite-videos/': teamRead,
  'GET /api/videos/': teamRead,
  'POST /api/composite-videos/': teamWrite(201),
  'GET /api/composite-videos/composition_configs/': all(200),
  'POST /api/composite-videos/bulk_create_hook_product_demo/': makesVideo,
  'POST /api/composite-videos/multitextwall/': makesVideo,
  'GET /api/composite-videos/:id/': teamRead,
  'PUT /api/composite-videos/:id/': teamWrite(200),
  'PATCH /api/composite-videos/:id/': teamWrite(200),
  'DELETE /api/composite-videos/:id/': teamWrite(204),
  'POST /api/composite-videos/:id/render/': makesVideo,
  'GET /api/composite-videos/:id/render_status/': teamRead,

  'GET /api/voices/': teamRead,
  // public: an <audio> element sends no token (the sample is the same for everyone, and free)
  'GET /api/voices/:id/sample/': all(200),
  'POST /api/voices/speak/': teamWrite(200),

  'GET /api/brand-kits/': teamRead,
  'POST /api/brand-kits/': teamWrite(201),
  'GET /api/brand-kits/:id/': teamRead,
  'PATCH /api/brand-kits/:id/': teamWrite(200),
  'DELETE /api/brand-kits/:id/': teamWrite(204),
  // the matrix sends JSON, not the multipart file: an admin gets the field error
  'POST /api/brand-kits/:id/logo/': teamWrite(400),
  'DELETE /api/brand-kits/:id/logo/': teamWrite(204),
  'GET /api/brand-fonts/': teamRead,
  'POST /api/brand-fonts/': teamWrite(400),
  'GET /api/brand-fonts/:id/': teamRead,
  'DELETE /api/brand-fonts/:id/': teamWrite(204),

  'GET /api/video-templates/': teamRead,
  'POST /api/video-templates/': teamWrite(201),
  'GET /api/video-templates/:id/': teamRead,
  'PATCH /api/video-templates/:id/': teamWrite(200),
  'DELETE /api/video-templates/:id/': teamWrite(204),

  'GET /api/music-tracks/': teamRead,
  // a JSON body: an admin gets the 400 on file (the upload is multipart)
  'POST /api/music-tracks/': teamWrite(400),
  'GET /api/music-tracks/:id/': teamRead,
  'PATCH /api/music-tracks/:id/': teamWrite(200),
  'DELETE /api/music-tracks/:id/': teamWrite(204),
  'GET /api/ad-results/imports/': teamRead,
  // the matrix sends JSON, not the multipart file: an admin gets the field error
  'POST /api/ad-results/imports/': teamWrite(400),
  'GET /api/ad-results/imports/:id/': teamRead,
  'DELETE /api/ad-results/imports/:id/': teamWrite(204),
  'GET /api/insights/': teamRead,

  'GET /api/remotion-render-jobs/': teamRead,
  'GET /api/remotion-render-jobs/:id/': teamRead,
  'POST /api/remotion-render-jobs/:id/cancel/': teamWrite(200),

  'GET /teams/api/teams/': signedIn(200),
  'POST /teams/api/teams/': signedIn(201),
  'GET /teams/api/teams/get_or_create_team/': signedIn(200),
  'GET /teams/api/teams/:id/': teamRead,
  'PUT /teams/api/teams/:id/': teamWrite(200),
  'PATCH /teams/api/teams/:id/': teamWrite(200),
  'DELETE /teams/api/teams/:id/': teamWrite(204),
  'POST /teams/api/join/team-by-id/': signedIn(403),
  'POST /teams/api/join/team/:teamSlug/': signedIn(403),
  'GET /teams/api/invitations/:id/': all(200),
  'POST /teams/api/invitations/:id/accept/': signedIn(403),

  'GET /a/:teamSlug/team/api/invitations/': teamWrite(200),
  'POST /a/:teamSlug/team/api/invitations/': teamWrite(201),
  'GET /a/:teamSlug/team/api/invitations/:id/': teamWrite(200),
  'PUT /a/:teamSlug/team/api/invitations/:id/': teamWrite(200),
  'PATCH /a/:teamSlug/team/api/invitations/:id/': teamWrite(200),
  'DELETE /a/:teamSlug/team/api/invitations/:id/': teamWrite(204),
  'POST /a/:teamSlug/team/api/invitations/:id/resend/': teamWrite(200),
  'GET /a/:teamSlug/team/members/': teamRead,
  'GET /a/:teamSlug/team/members/:id/': teamRead,
  'PUT /a/:teamSlug/team/members/:id/': teamWrite(200),
  'PATCH /a/:teamSlug/team/members/:id/': teamWrite(200),
  'DELETE /a/:teamSlug/team/members/:id/': teamWrite(204),

  'POST /a/:teamSlug/subscription/stripe/api/create-checkout-session/': teamWrite(200),
  // the local billing provider opens its own portal page (Stripe answers 400 until the team has a customer)
  'POST /a/:teamSlug/subscription/stripe/api/create-portal-session/': teamWrite(200),
  'GET /a/:teamSlug/subscription/api/plans/': teamRead,
  'GET /a/:teamSlug/subscription/api/credits/balance/': teamRead,
  'GET /a/:teamSlug/subscription/api/usage/': teamRead,
  'POST /a/:teamSlug/subscription/api/credits/purchase/': teamWrite(200),
  'GET /a/:teamSlug/subscription/api/credit-transactions/': teamRead,
  'GET /a/:teamSlug/subscription/api/credits/transactions/': teamRead,
  'GET /a/:teamSlug/subscription/local/api/portal/': teamRead,
  'POST /a/:teamSlug/subscription/local/api/portal/cancel/': teamWrite(400),
  'POST /a/:teamSlug/subscription/local/api/portal/resume/': teamWrite(400),
  // only with Stripe configured; the local provider has no webhook
  'POST /subscription/stripe/webhook/': all(404),
  'GET /subscription/local/api/checkout/:id/': [401, 404, 404, 200, 404],
  'POST /subscription/local/api/checkout/:id/pay/': [401, 404, 404, 200, 404],
  'POST /subscription/local/api/checkout/:id/cancel/': [401, 404, 404, 200, 404],
};
