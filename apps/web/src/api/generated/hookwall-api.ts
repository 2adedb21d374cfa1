import { baseApi as api } from "../base-api";
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiHealth: build.query<GetApiHealthApiResponse, GetApiHealthApiArg>({
      query: () => ({ url: `/api/health/` }),
    }),
    postApiAuthRegister: build.mutation<
      PostApiAuthRegisterApiResponse,
      PostApiAuthRegisterApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/register/`,
        method: "POST",
        body: queryArg.registerRequest,
      }),
    }),
    postApiAuthLogin: build.mutation<
      PostApiAuthLoginApiResponse,
      PostApiAuthLoginApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/login/`,
        method: "POST",
        body: queryArg.loginRequest,
      }),
    }),
    postApiAuthVerifyOtp: build.mutation<
      PostApiAuthVerifyOtpApiResponse,
      PostApiAuthVerifyOtpApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/verify-otp/`,
        method: "POST",
        body: queryArg.otpRequestRequest,
      }),
    }),
    postApiAuthTokenRefresh: build.mutation<
      PostApiAuthTokenRefreshApiResponse,
      PostApiAuthTokenRefreshApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/token/refresh/`,
        method: "POST",
        body: queryArg.tokenRefreshRequest,
      }),
    }),
    postApiAuthTokenVerify: build.mutation<
      PostApiAuthTokenVerifyApiResponse,
      PostApiAuthTokenVerifyApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/token/verify/`,
        method: "POST",
        body: queryArg.tokenVerifyRequest,
      }),
    }),
    postApiAuthLogout: build.mutation<
      PostApiAuthLogoutApiResponse,
      PostApiAuthLogoutApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/logout/`,
        method: "POST",
        body: queryArg.body,
      }),
    }),
    getApiAuthLogout: build.query<
      GetApiAuthLogoutApiResponse,
      GetApiAuthLogoutApiArg
    >({
      query: () => ({ url: `/api/auth/logout/` }),
    }),
    postApiAuthRegistrationVerifyEmail: build.mutation<
      PostApiAuthRegistrationVerifyEmailApiResponse,
      PostApiAuthRegistrationVerifyEmailApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/registration/verify-email/`,
        method: "POST",
        body: queryArg.verifyEmailRequest,
      }),
    }),
    postApiAuthRegistrationResendEmail: build.mutation<
      PostApiAuthRegistrationResendEmailApiResponse,
      PostApiAuthRegistrationResendEmailApiArg
    >({
      query: () => ({
        url: `/api/auth/registration/resend-email/`,
        method: "POST",
      }),
    }),
    getApiAuthUser: build.query<
      GetApiAuthUserApiResponse,
      GetApiAuthUserApiArg
    >({
      query: () => ({ url: `/api/auth/user/` }),
    }),
    putApiAuthUser: build.mutation<
      PutApiAuthUserApiResponse,
      PutApiAuthUserApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/user/`,
        method: "PUT",
        body: queryArg.customUserRequest,
      }),
    }),
    patchApiAuthUser: build.mutation<
      PatchApiAuthUserApiResponse,
      PatchApiAuthUserApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/user/`,
        method: "PATCH",
        body: queryArg.patchedCustomUserRequest,
      }),
    }),
    postApiAuthPasswordChange: build.mutation<
      PostApiAuthPasswordChangeApiResponse,
      PostApiAuthPasswordChangeApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/password/change/`,
        method: "POST",
        body: queryArg.passwordChangeRequest,
      }),
    }),
    getApiAuthOtpSetup: build.query<
      GetApiAuthOtpSetupApiResponse,
      GetApiAuthOtpSetupApiArg
    >({
      query: () => ({ url: `/api/auth/otp/setup/` }),
    }),
    postApiAuthOtpEnable: build.mutation<
      PostApiAuthOtpEnableApiResponse,
      PostApiAuthOtpEnableApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/otp/enable/`,
        method: "POST",
        body: queryArg.otpCodeRequest,
      }),
    }),
    postApiAuthOtpDisable: build.mutation<
      PostApiAuthOtpDisableApiResponse,
      PostApiAuthOtpDisableApiArg
    >({
      query: (queryArg) => ({
        url: `/api/auth/otp/disable/`,
        method: "POST",
        body: queryArg.otpCodeRequest,
      }),
    }),
    postApiUsersProfileUploadImage: build.mutation<
      PostApiUsersProfileUploadImageApiResponse,
      PostApiUsersProfileUploadImageApiArg
    >({
      query: () => ({
        url: `/api/users/profile/upload-image/`,
        method: "POST",
      }),
    }),
    postUsersApiProfileUploadImage: build.mutation<
      PostUsersApiProfileUploadImageApiResponse,
      PostUsersApiProfileUploadImageApiArg
    >({
      query: () => ({
        url: `/users/api/profile/upload-image/`,
        method: "POST",
      }),
    }),
    getDashboardApiUserSignups: build.query<
      GetDashboardApiUserSignupsApiResponse,
      GetDashboardApiUserSignupsApiArg
    >({
      query: () => ({ url: `/dashboard/api/user-signups/` }),
    }),
    getApiContexts: build.query<
      GetApiContextsApiResponse,
      GetApiContextsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/contexts/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
          search: queryArg.search,
          type: queryArg["type"],
          ordering: queryArg.ordering,
        },
      }),
    }),
    postApiContexts: build.mutation<
      PostApiContextsApiResponse,
      PostApiContextsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/contexts/`,
        method: "POST",
        body: queryArg.contextRequest,
      }),
    }),
    getApiContextsDownloadCsv: build.query<
      GetApiContextsDownloadCsvApiResponse,
      GetApiContextsDownloadCsvApiArg
    >({
      query: () => ({ url: `/api/contexts/download_csv/` }),
    }),
    getApiContextsById: build.query<
      GetApiContextsByIdApiResponse,
      GetApiContextsByIdApiArg
    >({
      query: (queryArg) => ({ url: `/api/contexts/${queryArg.id}/` }),
    }),
    putApiContextsById: build.mutation<
      PutApiContextsByIdApiResponse,
      PutApiContextsByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/contexts/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.contextRequest,
      }),
    }),
    patchApiContextsById: build.mutation<
      PatchApiContextsByIdApiResponse,
      PatchApiContextsByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/contexts/${queryArg.id}/`,
        method: "PATCH",
        body: queryArg.patchedContextRequest,
      }),
    }),
    deleteApiContextsById: build.mutation<
      DeleteApiContextsByIdApiResponse,
      DeleteApiContextsByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/contexts/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    getApiBrandVideos: build.query<
      GetApiBrandVideosApiResponse,
      GetApiBrandVideosApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
          kind: queryArg.kind,
          tag: queryArg.tag,
          status: queryArg.status,
          search: queryArg.search,
          ordering: queryArg.ordering,
        },
      }),
    }),
    postApiBrandVideos: build.mutation<
      PostApiBrandVideosApiResponse,
      PostApiBrandVideosApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/`,
        method: "POST",
        body: queryArg.brandVideoRequest,
      }),
    }),
    getApiBrandVideosAvailableTags: build.query<
      GetApiBrandVideosAvailableTagsApiResponse,
      GetApiBrandVideosAvailableTagsApiArg
    >({
      query: () => ({ url: `/api/brand-videos/available_tags/` }),
    }),
    postApiBrandVideosBulkTag: build.mutation<
      PostApiBrandVideosBulkTagApiResponse,
      PostApiBrandVideosBulkTagApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/bulk_tag/`,
        method: "POST",
        body: queryArg.brandVideoBulkTagRequest,
      }),
    }),
    getApiBrandVideosById: build.query<
      GetApiBrandVideosByIdApiResponse,
      GetApiBrandVideosByIdApiArg
    >({
      query: (queryArg) => ({ url: `/api/brand-videos/${queryArg.id}/` }),
    }),
    putApiBrandVideosById: build.mutation<
      PutApiBrandVideosByIdApiResponse,
      PutApiBrandVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.brandVideoUpdateRequest,
      }),
    }),
    patchApiBrandVideosById: build.mutation<
      PatchApiBrandVideosByIdApiResponse,
      PatchApiBrandVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/${queryArg.id}/`,
        method: "PATCH",
        body: queryArg.patchedBrandVideoRequest,
      }),
    }),
    deleteApiBrandVideosById: build.mutation<
      DeleteApiBrandVideosByIdApiResponse,
      DeleteApiBrandVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    postApiBrandVideosByIdUploadUrl: build.mutation<
      PostApiBrandVideosByIdUploadUrlApiResponse,
      PostApiBrandVideosByIdUploadUrlApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/${queryArg.id}/upload_url/`,
        method: "POST",
        body: queryArg.body,
      }),
    }),
    postApiBrandVideosByIdConfirmUpload: build.mutation<
      PostApiBrandVideosByIdConfirmUploadApiResponse,
      PostApiBrandVideosByIdConfirmUploadApiArg
    >({
      query: (queryArg) => ({
        url: `/api/brand-videos/${queryArg.id}/confirm_upload/`,
        method: "POST",
        body: queryArg.body,
      }),
    }),
    getApiTextWallBackgroundVideos: build.query<
      GetApiTextWallBackgroundVideosApiResponse,
      GetApiTextWallBackgroundVideosApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
          search: queryArg.search,
          is_builtin: queryArg.isBuiltin,
          status: queryArg.status,
          ordering: queryArg.ordering,
        },
      }),
    }),
    postApiTextWallBackgroundVideos: build.mutation<
      PostApiTextWallBackgroundVideosApiResponse,
      PostApiTextWallBackgroundVideosApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/`,
        method: "POST",
        body: queryArg.textWallBackgroundVideoRequest,
      }),
    }),
    getApiTextWallBackgroundVideosById: build.query<
      GetApiTextWallBackgroundVideosByIdApiResponse,
      GetApiTextWallBackgroundVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/${queryArg.id}/`,
      }),
    }),
    putApiTextWallBackgroundVideosById: build.mutation<
      PutApiTextWallBackgroundVideosByIdApiResponse,
      PutApiTextWallBackgroundVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.textWallBackgroundVideoUpdateRequest,
      }),
    }),
    patchApiTextWallBackgroundVideosById: build.mutation<
      PatchApiTextWallBackgroundVideosByIdApiResponse,
      PatchApiTextWallBackgroundVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/${queryArg.id}/`,
        method: "PATCH",
        body: queryArg.patchedTextWallBackgroundVideoRequest,
      }),
    }),
    deleteApiTextWallBackgroundVideosById: build.mutation<
      DeleteApiTextWallBackgroundVideosByIdApiResponse,
      DeleteApiTextWallBackgroundVideosByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    postApiTextWallBackgroundVideosByIdUploadUrl: build.mutation<
      PostApiTextWallBackgroundVideosByIdUploadUrlApiResponse,
      PostApiTextWallBackgroundVideosByIdUploadUrlApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/${queryArg.id}/upload_url/`,
        method: "POST",
        body: queryArg.body,
      }),
    }),
    postApiTextWallBackgroundVideosByIdConfirmUpload: build.mutation<
      PostApiTextWallBackgroundVideosByIdConfirmUploadApiResponse,
      PostApiTextWallBackgroundVideosByIdConfirmUploadApiArg
    >({
      query: (queryArg) => ({
        url: `/api/text-wall-background-videos/${queryArg.id}/confirm_upload/`,
        method: "POST",
        body: queryArg.body,
      }),
    }),
    getTeamsApiTeams: build.query<
      GetTeamsApiTeamsApiResponse,
      GetTeamsApiTeamsApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/teams/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
        },
      }),
    }),
    postTeamsApiTeams: build.mutation<
      PostTeamsApiTeamsApiResponse,
      PostTeamsApiTeamsApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/teams/`,
        method: "POST",
        body: queryArg.teamRequest,
      }),
    }),
    getTeamsApiTeamsGetOrCreateTeam: build.query<
      GetTeamsApiTeamsGetOrCreateTeamApiResponse,
      GetTeamsApiTeamsGetOrCreateTeamApiArg
    >({
      query: () => ({ url: `/teams/api/teams/get_or_create_team/` }),
    }),
    getTeamsApiTeamsById: build.query<
      GetTeamsApiTeamsByIdApiResponse,
      GetTeamsApiTeamsByIdApiArg
    >({
      query: (queryArg) => ({ url: `/teams/api/teams/${queryArg.id}/` }),
    }),
    putTeamsApiTeamsById: build.mutation<
      PutTeamsApiTeamsByIdApiResponse,
      PutTeamsApiTeamsByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/teams/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.teamRequest,
      }),
    }),
    patchTeamsApiTeamsById: build.mutation<
      PatchTeamsApiTeamsByIdApiResponse,
      PatchTeamsApiTeamsByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/teams/${queryArg.id}/`,
        method: "PATCH",
        body: queryArg.patchedTeamRequest,
      }),
    }),
    deleteTeamsApiTeamsById: build.mutation<
      DeleteTeamsApiTeamsByIdApiResponse,
      DeleteTeamsApiTeamsByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/teams/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    postTeamsApiJoinTeamById: build.mutation<
      PostTeamsApiJoinTeamByIdApiResponse,
      PostTeamsApiJoinTeamByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/join/team-by-id/`,
        method: "POST",
        body: queryArg.joinTeamByIdRequest,
      }),
    }),
    postTeamsApiJoinTeamByTeamSlug: build.mutation<
      PostTeamsApiJoinTeamByTeamSlugApiResponse,
      PostTeamsApiJoinTeamByTeamSlugApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/join/team/${queryArg.teamSlug}/`,
        method: "POST",
        body: queryArg.joinTeamRequest,
      }),
    }),
    getTeamsApiInvitationsById: build.query<
      GetTeamsApiInvitationsByIdApiResponse,
      GetTeamsApiInvitationsByIdApiArg
    >({
      query: (queryArg) => ({ url: `/teams/api/invitations/${queryArg.id}/` }),
    }),
    postTeamsApiInvitationsByIdAccept: build.mutation<
      PostTeamsApiInvitationsByIdAcceptApiResponse,
      PostTeamsApiInvitationsByIdAcceptApiArg
    >({
      query: (queryArg) => ({
        url: `/teams/api/invitations/${queryArg.id}/accept/`,
        method: "POST",
      }),
    }),
    getAByTeamSlugTeamApiInvitations: build.query<
      GetAByTeamSlugTeamApiInvitationsApiResponse,
      GetAByTeamSlugTeamApiInvitationsApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
        },
      }),
    }),
    postAByTeamSlugTeamApiInvitations: build.mutation<
      PostAByTeamSlugTeamApiInvitationsApiResponse,
      PostAByTeamSlugTeamApiInvitationsApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/`,
        method: "POST",
        body: queryArg.invitationRequest,
      }),
    }),
    getAByTeamSlugTeamApiInvitationsAndId: build.query<
      GetAByTeamSlugTeamApiInvitationsAndIdApiResponse,
      GetAByTeamSlugTeamApiInvitationsAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/`,
      }),
    }),
    putAByTeamSlugTeamApiInvitationsAndId: build.mutation<
      PutAByTeamSlugTeamApiInvitationsAndIdApiResponse,
      PutAByTeamSlugTeamApiInvitationsAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.body,
      }),
    }),
    patchAByTeamSlugTeamApiInvitationsAndId: build.mutation<
      PatchAByTeamSlugTeamApiInvitationsAndIdApiResponse,
      PatchAByTeamSlugTeamApiInvitationsAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/`,
        method: "PATCH",
        body: queryArg.patchedInvitationRequest,
      }),
    }),
    deleteAByTeamSlugTeamApiInvitationsAndId: build.mutation<
      DeleteAByTeamSlugTeamApiInvitationsAndIdApiResponse,
      DeleteAByTeamSlugTeamApiInvitationsAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    postAByTeamSlugTeamApiInvitationsAndIdResend: build.mutation<
      PostAByTeamSlugTeamApiInvitationsAndIdResendApiResponse,
      PostAByTeamSlugTeamApiInvitationsAndIdResendApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/resend/`,
        method: "POST",
      }),
    }),
    getAByTeamSlugTeamMembers: build.query<
      GetAByTeamSlugTeamMembersApiResponse,
      GetAByTeamSlugTeamMembersApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/members/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
        },
      }),
    }),
    getAByTeamSlugTeamMembersAndId: build.query<
      GetAByTeamSlugTeamMembersAndIdApiResponse,
      GetAByTeamSlugTeamMembersAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/members/${queryArg.id}/`,
      }),
    }),
    putAByTeamSlugTeamMembersAndId: build.mutation<
      PutAByTeamSlugTeamMembersAndIdApiResponse,
      PutAByTeamSlugTeamMembersAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/members/${queryArg.id}/`,
        method: "PUT",
        body: queryArg.membershipRequest,
      }),
    }),
    patchAByTeamSlugTeamMembersAndId: build.mutation<
      PatchAByTeamSlugTeamMembersAndIdApiResponse,
      PatchAByTeamSlugTeamMembersAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/members/${queryArg.id}/`,
        method: "PATCH",
        body: queryArg.patchedMembershipRequest,
      }),
    }),
    deleteAByTeamSlugTeamMembersAndId: build.mutation<
      DeleteAByTeamSlugTeamMembersAndIdApiResponse,
      DeleteAByTeamSlugTeamMembersAndIdApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/team/members/${queryArg.id}/`,
        method: "DELETE",
      }),
    }),
    postAByTeamSlugSubscriptionStripeApiCreateCheckoutSession: build.mutation<
      PostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionApiResponse,
      PostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/stripe/api/create-checkout-session/`,
        method: "POST",
        body: queryArg.createCheckoutSessionRequest,
      }),
    }),
    postAByTeamSlugSubscriptionStripeApiCreatePortalSession: build.mutation<
      PostAByTeamSlugSubscriptionStripeApiCreatePortalSessionApiResponse,
      PostAByTeamSlugSubscriptionStripeApiCreatePortalSessionApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/stripe/api/create-portal-session/`,
        method: "POST",
      }),
    }),
    getAByTeamSlugSubscriptionApiPlans: build.query<
      GetAByTeamSlugSubscriptionApiPlansApiResponse,
      GetAByTeamSlugSubscriptionApiPlansApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/api/plans/`,
      }),
    }),
    getAByTeamSlugSubscriptionApiCreditsBalance: build.query<
      GetAByTeamSlugSubscriptionApiCreditsBalanceApiResponse,
      GetAByTeamSlugSubscriptionApiCreditsBalanceApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/api/credits/balance/`,
      }),
    }),
    postAByTeamSlugSubscriptionApiCreditsPurchase: build.mutation<
      PostAByTeamSlugSubscriptionApiCreditsPurchaseApiResponse,
      PostAByTeamSlugSubscriptionApiCreditsPurchaseApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/api/credits/purchase/`,
        method: "POST",
        body: queryArg.createCreditPurchaseRequest,
      }),
    }),
    getAByTeamSlugSubscriptionApiCreditTransactions: build.query<
      GetAByTeamSlugSubscriptionApiCreditTransactionsApiResponse,
      GetAByTeamSlugSubscriptionApiCreditTransactionsApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/api/credit-transactions/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
          ordering: queryArg.ordering,
        },
      }),
    }),
    getAByTeamSlugSubscriptionApiCreditsTransactions: build.query<
      GetAByTeamSlugSubscriptionApiCreditsTransactionsApiResponse,
      GetAByTeamSlugSubscriptionApiCreditsTransactionsApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/api/credits/transactions/`,
        params: {
          page: queryArg.page,
          page_size: queryArg.pageSize,
          limit: queryArg.limit,
          ordering: queryArg.ordering,
        },
      }),
    }),
    getAByTeamSlugSubscriptionLocalApiPortal: build.query<
      GetAByTeamSlugSubscriptionLocalApiPortalApiResponse,
      GetAByTeamSlugSubscriptionLocalApiPortalApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/local/api/portal/`,
      }),
    }),
    postAByTeamSlugSubscriptionLocalApiPortalCancel: build.mutation<
      PostAByTeamSlugSubscriptionLocalApiPortalCancelApiResponse,
      PostAByTeamSlugSubscriptionLocalApiPortalCancelApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/local/api/portal/cancel/`,
        method: "POST",
      }),
    }),
    postAByTeamSlugSubscriptionLocalApiPortalResume: build.mutation<
      PostAByTeamSlugSubscriptionLocalApiPortalResumeApiResponse,
      PostAByTeamSlugSubscriptionLocalApiPortalResumeApiArg
    >({
      query: (queryArg) => ({
        url: `/a/${queryArg.teamSlug}/subscription/local/api/portal/resume/`,
        method: "POST",
      }),
    }),
    postSubscriptionStripeWebhook: build.mutation<
      PostSubscriptionStripeWebhookApiResponse,
      PostSubscriptionStripeWebhookApiArg
    >({
      query: () => ({ url: `/subscription/stripe/webhook/`, method: "POST" }),
    }),
    getSubscriptionLocalApiCheckoutById: build.query<
      GetSubscriptionLocalApiCheckoutByIdApiResponse,
      GetSubscriptionLocalApiCheckoutByIdApiArg
    >({
      query: (queryArg) => ({
        url: `/subscription/local/api/checkout/${queryArg.id}/`,
      }),
    }),
    postSubscriptionLocalApiCheckoutByIdPay: build.mutation<
      PostSubscriptionLocalApiCheckoutByIdPayApiResponse,
      PostSubscriptionLocalApiCheckoutByIdPayApiArg
    >({
      query: (queryArg) => ({
        url: `/subscription/local/api/checkout/${queryArg.id}/pay/`,
        method: "POST",
      }),
    }),
    postSubscriptionLocalApiCheckoutByIdCancel: build.mutation<
      PostSubscriptionLocalApiCheckoutByIdCancelApiResponse,
      PostSubscriptionLocalApiCheckoutByIdCancelApiArg
    >({
      query: (queryArg) => ({
        url: `/subscription/local/api/checkout/${queryArg.id}/cancel/`,
        method: "POST",
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as hookwallApi };
export type GetApiHealthApiResponse = unknown;
export type GetApiHealthApiArg = void;
export type PostApiAuthRegisterApiResponse =
  /** status 201 Default Response */ Jwt;
export type PostApiAuthRegisterApiArg = {
  registerRequest: RegisterRequest;
};
export type PostApiAuthLoginApiResponse =
  /** status 200 Default Response */ LoginResponse;
export type PostApiAuthLoginApiArg = {
  loginRequest: LoginRequest;
};
export type PostApiAuthVerifyOtpApiResponse =
  /** status 200 Default Response */ Jwt;
export type PostApiAuthVerifyOtpApiArg = {
  otpRequestRequest: OtpRequestRequest;
};
export type PostApiAuthTokenRefreshApiResponse =
  /** status 200 Default Response */ TokenRefresh;
export type PostApiAuthTokenRefreshApiArg = {
  tokenRefreshRequest: TokenRefreshRequest;
};
export type PostApiAuthTokenVerifyApiResponse = unknown;
export type PostApiAuthTokenVerifyApiArg = {
  tokenVerifyRequest: TokenVerifyRequest;
};
export type PostApiAuthLogoutApiResponse = /** status 200 Default Response */ {
  detail: string;
};
export type PostApiAuthLogoutApiArg = {
  body: LogoutRequest | null;
};
export type GetApiAuthLogoutApiResponse = /** status 200 Default Response */ {
  detail: string;
};
export type GetApiAuthLogoutApiArg = void;
export type PostApiAuthRegistrationVerifyEmailApiResponse =
  /** status 200 Default Response */ VerifyEmailResponse;
export type PostApiAuthRegistrationVerifyEmailApiArg = {
  verifyEmailRequest: VerifyEmailRequest;
};
export type PostApiAuthRegistrationResendEmailApiResponse =
  /** status 200 Default Response */ {
    detail: string;
  };
export type PostApiAuthRegistrationResendEmailApiArg = void;
export type GetApiAuthUserApiResponse =
  /** status 200 Default Response */ CustomUser;
export type GetApiAuthUserApiArg = void;
export type PutApiAuthUserApiResponse =
  /** status 200 Default Response */ CustomUser;
export type PutApiAuthUserApiArg = {
  customUserRequest: CustomUserRequest;
};
export type PatchApiAuthUserApiResponse =
  /** status 200 Default Response */ CustomUser;
export type PatchApiAuthUserApiArg = {
  patchedCustomUserRequest: PatchedCustomUserRequest;
};
export type PostApiAuthPasswordChangeApiResponse =
  /** status 200 Default Response */ {
    detail: string;
  };
export type PostApiAuthPasswordChangeApiArg = {
  passwordChangeRequest: PasswordChangeRequest;
};
export type GetApiAuthOtpSetupApiResponse =
  /** status 200 Default Response */ OtpSetup;
export type GetApiAuthOtpSetupApiArg = void;
export type PostApiAuthOtpEnableApiResponse =
  /** status 200 Default Response */ {
    recovery_codes: string[];
  };
export type PostApiAuthOtpEnableApiArg = {
  otpCodeRequest: OtpCodeRequest;
};
export type PostApiAuthOtpDisableApiResponse = unknown;
export type PostApiAuthOtpDisableApiArg = {
  otpCodeRequest: OtpCodeRequest;
};
export type PostApiUsersProfileUploadImageApiResponse =
  /** status 200 Default Response */ {
    avatar_url: string | null;
  };
export type PostApiUsersProfileUploadImageApiArg = void;
export type PostUsersApiProfileUploadImageApiResponse =
  /** status 200 Default Response */ {
    avatar_url: string | null;
  };
export type PostUsersApiProfileUploadImageApiArg = void;
export type GetDashboardApiUserSignupsApiResponse =
  /** status 200 Default Response */ {
    date: string;
    count: number;
  }[];
export type GetDashboardApiUserSignupsApiArg = void;
export type GetApiContextsApiResponse =
  /** status 200 Default Response */ PaginatedContextList;
export type GetApiContextsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  search?: string;
  type?: "product" | "general";
  ordering?: string;
};
export type PostApiContextsApiResponse =
  /** status 201 Default Response */ Context;
export type PostApiContextsApiArg = {
  contextRequest: ContextRequest;
};
export type GetApiContextsDownloadCsvApiResponse = unknown;
export type GetApiContextsDownloadCsvApiArg = void;
export type GetApiContextsByIdApiResponse =
  /** status 200 Default Response */ Context;
export type GetApiContextsByIdApiArg = {
  id: number;
};
export type PutApiContextsByIdApiResponse =
  /** status 200 Default Response */ Context;
export type PutApiContextsByIdApiArg = {
  id: number;
  contextRequest: ContextRequest;
};
export type PatchApiContextsByIdApiResponse =
  /** status 200 Default Response */ Context;
export type PatchApiContextsByIdApiArg = {
  id: number;
  patchedContextRequest: PatchedContextRequest;
};
export type DeleteApiContextsByIdApiResponse = unknown;
export type DeleteApiContextsByIdApiArg = {
  id: number;
};
export type GetApiBrandVideosApiResponse =
  /** status 200 Default Response */ PaginatedBrandVideoList;
export type GetApiBrandVideosApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  kind?: "product_demo" | "hook" | "other";
  tag?: string | string[];
  status?: "pending_upload" | "processing" | "ready" | "failed";
  search?: string;
  ordering?: string;
};
export type PostApiBrandVideosApiResponse =
  /** status 201 Default Response */ BrandVideo;
export type PostApiBrandVideosApiArg = {
  brandVideoRequest: BrandVideoRequest;
};
export type GetApiBrandVideosAvailableTagsApiResponse =
  /** status 200 Default Response */ string[];
export type GetApiBrandVideosAvailableTagsApiArg = void;
export type PostApiBrandVideosBulkTagApiResponse =
  /** status 200 Default Response */ {
    updated: number;
  };
export type PostApiBrandVideosBulkTagApiArg = {
  brandVideoBulkTagRequest: BrandVideoBulkTagRequest;
};
export type GetApiBrandVideosByIdApiResponse =
  /** status 200 Default Response */ BrandVideo;
export type GetApiBrandVideosByIdApiArg = {
  id: string;
};
export type PutApiBrandVideosByIdApiResponse =
  /** status 200 Default Response */ BrandVideo;
export type PutApiBrandVideosByIdApiArg = {
  id: string;
  brandVideoUpdateRequest: BrandVideoUpdateRequest;
};
export type PatchApiBrandVideosByIdApiResponse =
  /** status 200 Default Response */ BrandVideo;
export type PatchApiBrandVideosByIdApiArg = {
  id: string;
  patchedBrandVideoRequest: PatchedBrandVideoRequest;
};
export type DeleteApiBrandVideosByIdApiResponse = unknown;
export type DeleteApiBrandVideosByIdApiArg = {
  id: string;
};
export type PostApiBrandVideosByIdUploadUrlApiResponse =
  /** status 200 Default Response */ BrandVideoUploadUrl;
export type PostApiBrandVideosByIdUploadUrlApiArg = {
  id: string;
  body: BrandVideoUploadUrlRequestRequest | null;
};
export type PostApiBrandVideosByIdConfirmUploadApiResponse =
  /** status 200 Default Response */ BrandVideo;
export type PostApiBrandVideosByIdConfirmUploadApiArg = {
  id: string;
  body: BrandVideoConfirmUploadRequestRequest | null;
};
export type GetApiTextWallBackgroundVideosApiResponse =
  /** status 200 Default Response */ PaginatedTextWallBackgroundVideoList;
export type GetApiTextWallBackgroundVideosApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  search?: string;
  isBuiltin?: "true" | "false";
  status?: "pending_upload" | "processing" | "ready" | "failed";
  ordering?: string;
};
export type PostApiTextWallBackgroundVideosApiResponse =
  /** status 201 Default Response */ TextWallBackgroundVideo;
export type PostApiTextWallBackgroundVideosApiArg = {
  textWallBackgroundVideoRequest: TextWallBackgroundVideoRequest;
};
export type GetApiTextWallBackgroundVideosByIdApiResponse =
  /** status 200 Default Response */ TextWallBackgroundVideo;
export type GetApiTextWallBackgroundVideosByIdApiArg = {
  id: string;
};
export type PutApiTextWallBackgroundVideosByIdApiResponse =
  /** status 200 Default Response */ TextWallBackgroundVideo;
export type PutApiTextWallBackgroundVideosByIdApiArg = {
  id: string;
  textWallBackgroundVideoUpdateRequest: TextWallBackgroundVideoUpdateRequest;
};
export type PatchApiTextWallBackgroundVideosByIdApiResponse =
  /** status 200 Default Response */ TextWallBackgroundVideo;
export type PatchApiTextWallBackgroundVideosByIdApiArg = {
  id: string;
  patchedTextWallBackgroundVideoRequest: PatchedTextWallBackgroundVideoRequest;
};
export type DeleteApiTextWallBackgroundVideosByIdApiResponse = unknown;
export type DeleteApiTextWallBackgroundVideosByIdApiArg = {
  id: string;
};
export type PostApiTextWallBackgroundVideosByIdUploadUrlApiResponse =
  /** status 200 Default Response */ TextWallBackgroundVideoUploadUrl;
export type PostApiTextWallBackgroundVideosByIdUploadUrlApiArg = {
  id: string;
  body: {} | null;
};
export type PostApiTextWallBackgroundVideosByIdConfirmUploadApiResponse =
  /** status 200 Default Response */ TextWallBackgroundVideo;
export type PostApiTextWallBackgroundVideosByIdConfirmUploadApiArg = {
  id: string;
  body: {} | null;
};
export type GetTeamsApiTeamsApiResponse =
  /** status 200 Default Response */ PaginatedTeamList;
export type GetTeamsApiTeamsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
};
export type PostTeamsApiTeamsApiResponse =
  /** status 201 Default Response */ Team;
export type PostTeamsApiTeamsApiArg = {
  teamRequest: TeamRequest;
};
export type GetTeamsApiTeamsGetOrCreateTeamApiResponse =
  /** status 200 Default Response */ Team;
export type GetTeamsApiTeamsGetOrCreateTeamApiArg = void;
export type GetTeamsApiTeamsByIdApiResponse =
  /** status 200 Default Response */ Team;
export type GetTeamsApiTeamsByIdApiArg = {
  id: number;
};
export type PutTeamsApiTeamsByIdApiResponse =
  /** status 200 Default Response */ Team;
export type PutTeamsApiTeamsByIdApiArg = {
  id: number;
  teamRequest: TeamRequest;
};
export type PatchTeamsApiTeamsByIdApiResponse =
  /** status 200 Default Response */ Team;
export type PatchTeamsApiTeamsByIdApiArg = {
  id: number;
  patchedTeamRequest: PatchedTeamRequest;
};
export type DeleteTeamsApiTeamsByIdApiResponse = unknown;
export type DeleteTeamsApiTeamsByIdApiArg = {
  id: number;
};
export type PostTeamsApiJoinTeamByIdApiResponse =
  /** status 200 Default Response */ Team;
export type PostTeamsApiJoinTeamByIdApiArg = {
  joinTeamByIdRequest: JoinTeamByIdRequest;
};
export type PostTeamsApiJoinTeamByTeamSlugApiResponse =
  /** status 200 Default Response */ Team;
export type PostTeamsApiJoinTeamByTeamSlugApiArg = {
  teamSlug: string;
  joinTeamRequest: JoinTeamRequest;
};
export type GetTeamsApiInvitationsByIdApiResponse =
  /** status 200 Default Response */ PublicInvitation;
export type GetTeamsApiInvitationsByIdApiArg = {
  id: string;
};
export type PostTeamsApiInvitationsByIdAcceptApiResponse =
  /** status 200 Default Response */ Team;
export type PostTeamsApiInvitationsByIdAcceptApiArg = {
  id: string;
};
export type GetAByTeamSlugTeamApiInvitationsApiResponse =
  /** status 200 Default Response */ PaginatedInvitationList;
export type GetAByTeamSlugTeamApiInvitationsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  teamSlug: string;
};
export type PostAByTeamSlugTeamApiInvitationsApiResponse =
  /** status 201 Default Response */ Invitation;
export type PostAByTeamSlugTeamApiInvitationsApiArg = {
  teamSlug: string;
  invitationRequest: InvitationRequest;
};
export type GetAByTeamSlugTeamApiInvitationsAndIdApiResponse =
  /** status 200 Default Response */ Invitation;
export type GetAByTeamSlugTeamApiInvitationsAndIdApiArg = {
  teamSlug: string;
  id: string;
};
export type PutAByTeamSlugTeamApiInvitationsAndIdApiResponse =
  /** status 200 Default Response */ Invitation;
export type PutAByTeamSlugTeamApiInvitationsAndIdApiArg = {
  teamSlug: string;
  id: string;
  body: {
    role: "admin" | "member";
  };
};
export type PatchAByTeamSlugTeamApiInvitationsAndIdApiResponse =
  /** status 200 Default Response */ Invitation;
export type PatchAByTeamSlugTeamApiInvitationsAndIdApiArg = {
  teamSlug: string;
  id: string;
  patchedInvitationRequest: PatchedInvitationRequest;
};
export type DeleteAByTeamSlugTeamApiInvitationsAndIdApiResponse = unknown;
export type DeleteAByTeamSlugTeamApiInvitationsAndIdApiArg = {
  teamSlug: string;
  id: string;
};
export type PostAByTeamSlugTeamApiInvitationsAndIdResendApiResponse =
  /** status 200 Default Response */ Invitation;
export type PostAByTeamSlugTeamApiInvitationsAndIdResendApiArg = {
  teamSlug: string;
  id: string;
};
export type GetAByTeamSlugTeamMembersApiResponse =
  /** status 200 Default Response */ PaginatedMembershipList;
export type GetAByTeamSlugTeamMembersApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  teamSlug: string;
};
export type GetAByTeamSlugTeamMembersAndIdApiResponse =
  /** status 200 Default Response */ Membership;
export type GetAByTeamSlugTeamMembersAndIdApiArg = {
  teamSlug: string;
  id: number;
};
export type PutAByTeamSlugTeamMembersAndIdApiResponse =
  /** status 200 Default Response */ Membership;
export type PutAByTeamSlugTeamMembersAndIdApiArg = {
  teamSlug: string;
  id: number;
  membershipRequest: MembershipRequest;
};
export type PatchAByTeamSlugTeamMembersAndIdApiResponse =
  /** status 200 Default Response */ Membership;
export type PatchAByTeamSlugTeamMembersAndIdApiArg = {
  teamSlug: string;
  id: number;
  patchedMembershipRequest: PatchedMembershipRequest;
};
export type DeleteAByTeamSlugTeamMembersAndIdApiResponse = unknown;
export type DeleteAByTeamSlugTeamMembersAndIdApiArg = {
  teamSlug: string;
  id: number;
};
export type PostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionApiResponse =
  /** status 200 the URL to send the browser to */ string;
export type PostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionApiArg = {
  teamSlug: string;
  createCheckoutSessionRequest: CreateCheckoutSessionRequest;
};
export type PostAByTeamSlugSubscriptionStripeApiCreatePortalSessionApiResponse =
  /** status 200 the URL to send the browser to */ string;
export type PostAByTeamSlugSubscriptionStripeApiCreatePortalSessionApiArg = {
  teamSlug: string;
};
export type GetAByTeamSlugSubscriptionApiPlansApiResponse =
  /** status 200 Default Response */ BillingPlans;
export type GetAByTeamSlugSubscriptionApiPlansApiArg = {
  teamSlug: string;
};
export type GetAByTeamSlugSubscriptionApiCreditsBalanceApiResponse =
  /** status 200 Default Response */ CreditBalance;
export type GetAByTeamSlugSubscriptionApiCreditsBalanceApiArg = {
  teamSlug: string;
};
export type PostAByTeamSlugSubscriptionApiCreditsPurchaseApiResponse =
  /** status 200 the URL to send the browser to */ string;
export type PostAByTeamSlugSubscriptionApiCreditsPurchaseApiArg = {
  teamSlug: string;
  createCreditPurchaseRequest: CreateCreditPurchaseRequest;
};
export type GetAByTeamSlugSubscriptionApiCreditTransactionsApiResponse =
  /** status 200 Default Response */ PaginatedCreditTransactionList;
export type GetAByTeamSlugSubscriptionApiCreditTransactionsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  /** created_at, amount, kind or id; prefix - for descending (default -created_at) */
  ordering?: string;
  teamSlug: string;
};
export type GetAByTeamSlugSubscriptionApiCreditsTransactionsApiResponse =
  /** status 200 Default Response */ PaginatedCreditTransactionList;
export type GetAByTeamSlugSubscriptionApiCreditsTransactionsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  /** created_at, amount, kind or id; prefix - for descending (default -created_at) */
  ordering?: string;
  teamSlug: string;
};
export type GetAByTeamSlugSubscriptionLocalApiPortalApiResponse =
  /** status 200 Default Response */ LocalBillingPortal;
export type GetAByTeamSlugSubscriptionLocalApiPortalApiArg = {
  teamSlug: string;
};
export type PostAByTeamSlugSubscriptionLocalApiPortalCancelApiResponse =
  /** status 200 Default Response */ LocalBillingPortal;
export type PostAByTeamSlugSubscriptionLocalApiPortalCancelApiArg = {
  teamSlug: string;
};
export type PostAByTeamSlugSubscriptionLocalApiPortalResumeApiResponse =
  /** status 200 Default Response */ LocalBillingPortal;
export type PostAByTeamSlugSubscriptionLocalApiPortalResumeApiArg = {
  teamSlug: string;
};
export type PostSubscriptionStripeWebhookApiResponse =
  /** status 200 Default Response */ BillingWebhookReceived;
export type PostSubscriptionStripeWebhookApiArg = void;
export type GetSubscriptionLocalApiCheckoutByIdApiResponse =
  /** status 200 Default Response */ LocalCheckoutSession;
export type GetSubscriptionLocalApiCheckoutByIdApiArg = {
  id: string;
};
export type PostSubscriptionLocalApiCheckoutByIdPayApiResponse =
  /** status 200 Default Response */ LocalCheckoutResult;
export type PostSubscriptionLocalApiCheckoutByIdPayApiArg = {
  id: string;
};
export type PostSubscriptionLocalApiCheckoutByIdCancelApiResponse =
  /** status 200 Default Response */ LocalCheckoutResult;
export type PostSubscriptionLocalApiCheckoutByIdCancelApiArg = {
  id: string;
};
export type CustomUser = {
  id: number;
  email: string;
  email_verified: boolean;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  get_display_name: string;
  is_staff: boolean;
  otp_enabled: boolean;
  date_joined: string;
};
export type Jwt = {
  access: string;
  refresh: string;
  user: CustomUser;
};
export type RegisterRequest = {
  email: string;
  password1: string;
  password2: string;
  first_name?: string;
  last_name?: string;
  invitation_id?: string;
};
export type LoginResponse =
  | {
      status: "success";
      detail: string;
      jwt: Jwt;
    }
  | {
      status: "otp_required";
      detail: string;
      temp_otp_token: string;
    };
export type LoginRequest = {
  email: string;
  password: string;
};
export type OtpRequestRequest = {
  temp_otp_token: string;
  otp: string;
};
export type TokenRefresh = {
  access: string;
  refresh: string;
  access_expiration: string;
  refresh_expiration: string;
};
export type TokenRefreshRequest = {
  refresh: string;
};
export type TokenVerifyRequest = {
  token: string;
};
export type LogoutRequest = {
  refresh?: string;
};
export type VerifyEmailResponse = {
  detail: string;
  email: string;
};
export type VerifyEmailRequest = {
  key: string;
};
export type CustomUserRequest = {
  email: string;
  first_name?: string;
  last_name?: string;
};
export type PatchedCustomUserRequest = {
  email?: string;
  first_name?: string;
  last_name?: string;
};
export type PasswordChangeRequest = {
  new_password1: string;
  new_password2: string;
  old_password?: string;
};
export type OtpSetup = {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
};
export type OtpCodeRequest = {
  otp: string;
};
export type Context = {
  id: number;
  name: string;
  type: string;
  content: string;
  created_by: string;
  created_at: string;
  updated_at: string;
};
export type PaginatedContextList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Context[];
};
export type ContextRequest = {
  name: string;
  type?: "product" | "general";
  content?: string;
};
export type PatchedContextRequest = {
  name?: string;
  type?: "product" | "general";
  content?: string;
};
export type BrandVideo = {
  id: string;
  title: string;
  filename: string;
  content_type: string;
  size: number;
  kind: string;
  tags: string[];
  status: "pending_upload" | "processing" | "ready" | "failed";
  error: string | null;
  duration: number | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  codec: string | null;
  url: string | null;
  thumbnail_url: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
};
export type PaginatedBrandVideoList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: BrandVideo[];
};
export type BrandVideoRequest = {
  title?: string;
  filename: string;
  content_type: "video/mp4" | "video/quicktime" | "video/webm";
  size: number;
  kind?: "product_demo" | "hook" | "other";
  tags?: string[];
};
export type BrandVideoBulkTagRequest = {
  ids: string[];
  add?: string[];
  remove?: string[];
};
export type BrandVideoUpdateRequest = {
  title: string;
  kind: "product_demo" | "hook" | "other";
  tags?: string[];
};
export type PatchedBrandVideoRequest = {
  title?: string;
  kind?: "product_demo" | "hook" | "other";
  tags?: string[];
};
export type BrandVideoUploadUrl = {
  upload_url: string;
  method: "PUT";
  headers: {
    [key: string]: string;
  };
  expires_at: string;
};
export type BrandVideoUploadUrlRequestRequest = {};
export type BrandVideoConfirmUploadRequestRequest = {};
export type TextWallBackgroundVideo = {
  id: string;
  name: string;
  filename: string;
  content_type: string;
  size: number;
  status: "pending_upload" | "processing" | "ready" | "failed";
  error: string | null;
  is_builtin: boolean;
  duration: number | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  codec: string | null;
  url: string | null;
  thumbnail_url: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
};
export type PaginatedTextWallBackgroundVideoList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: TextWallBackgroundVideo[];
};
export type TextWallBackgroundVideoRequest = {
  name?: string;
  filename: string;
  content_type: "video/mp4" | "video/quicktime" | "video/webm";
  size: number;
};
export type TextWallBackgroundVideoUpdateRequest = {
  name: string;
};
export type PatchedTextWallBackgroundVideoRequest = {
  name?: string;
};
export type TextWallBackgroundVideoUploadUrl = {
  upload_url: string;
  method: "PUT";
  headers: {
    [key: string]: string;
  };
  expires_at: string;
};
export type Membership = {
  id: number;
  user_id: number;
  display_name: string;
  email: string;
  avatar_url: string | null;
  role: string;
  created_at: string;
};
export type Team = {
  id: number;
  name: string;
  slug: string;
  members: Membership[];
  invitations: {
    id?: string;
    team: number;
    email: string;
    role: string;
    invited_by: string;
    status: string;
    created_at: string;
    expires_at: string;
  }[];
  has_active_subscription: boolean;
  subscription: {
    status: string;
    plan: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  } | null;
  is_admin: boolean;
  role: string;
  created_at: string;
};
export type PaginatedTeamList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Team[];
};
export type TeamRequest = {
  name: string;
};
export type PatchedTeamRequest = {
  name?: string;
};
export type JoinTeamByIdRequest = {
  team_id: number;
  invitation_id: string;
};
export type JoinTeamRequest = {
  invitation_id: string;
};
export type PublicInvitation = {
  id: string;
  team: {
    name: string;
    slug: string;
  };
  email: string;
  role: string;
  invited_by: string;
  status: string;
  expires_at: string;
};
export type Invitation = {
  id: string;
  team: number;
  email: string;
  role: string;
  invited_by: string;
  status: string;
  created_at: string;
  expires_at: string;
};
export type PaginatedInvitationList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Invitation[];
};
export type InvitationRequest = {
  team: number;
  email: string;
  role?: "admin" | "member";
};
export type PatchedInvitationRequest = {
  role?: "admin" | "member";
};
export type PaginatedMembershipList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: Membership[];
};
export type MembershipRequest = {
  role: "admin" | "member";
};
export type PatchedMembershipRequest = {
  role?: "admin" | "member";
};
export type CreateCheckoutSessionRequest = {
  /** the plan card's stripePriceId (see GET api/plans/) */
  price_id: string;
  /** where checkout returns after paying; must be on this app's origin */
  success_url: string;
  /** where checkout returns when abandoned; must be on this app's origin */
  cancel_url: string;
};
export type BillingPlans = {
  /** 'local' is the test mode: checkout and portal are this app's own pages */
  provider: "stripe" | "local";
  plans: {
    id: string;
    name: string;
    price: number;
    period: string;
    stripe_price_id: string;
    credits_per_period: number;
  }[];
  credit_packs: {
    pack: "100" | "500";
    credits: number;
    /** US dollars, paid once */
    price: number;
  }[];
};
export type CreditBalance = {
  balance: number;
  /** credits the plan granted for the current period */
  granted_this_period: number;
  /** end of the current paid period; null without an active subscription */
  period_end: string | null;
};
export type CreateCreditPurchaseRequest = {
  pack: "100" | "500";
  success_url: string;
  cancel_url: string;
};
export type CreditTransaction = {
  id: number;
  team: number;
  /** positive adds credits, negative spends them */
  amount: number;
  kind: "grant" | "purchase" | "spend" | "refund" | "adjustment";
  reason: string;
  reference: string | null;
  balance_after: number;
  /** user id, null for entries made by the billing provider */
  created_by: number | null;
  created_at: string;
};
export type PaginatedCreditTransactionList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: CreditTransaction[];
};
export type LocalBillingPortal = {
  team: {
    id: number;
    name: string;
    slug: string;
  };
  has_active_subscription: boolean;
  subscription: {
    status: string;
    plan: string;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  } | null;
  test_mode: true;
};
export type BillingWebhookReceived = {
  received: true;
  outcome: "applied" | "duplicate" | "ignored";
};
export type LocalCheckoutSession = {
  id: string;
  team: {
    id: number;
    name: string;
    slug: string;
  };
  kind: "subscription" | "credits";
  status: "open" | "paid" | "cancelled";
  price_id: string;
  plan: {
    id: string;
    name: string;
    price: number;
    period: string;
  } | null;
  /** the credit pack bought, for kind credits */
  credits: number | null;
  success_url: string;
  cancel_url: string;
  test_mode: true;
  created_at: string;
};
export type LocalCheckoutResult = {
  /** success_url after paying, cancel_url after cancelling */
  redirect_url: string;
};
export const {
  useGetApiHealthQuery,
  useLazyGetApiHealthQuery,
  usePostApiAuthRegisterMutation,
  usePostApiAuthLoginMutation,
  usePostApiAuthVerifyOtpMutation,
  usePostApiAuthTokenRefreshMutation,
  usePostApiAuthTokenVerifyMutation,
  usePostApiAuthLogoutMutation,
  useGetApiAuthLogoutQuery,
  useLazyGetApiAuthLogoutQuery,
  usePostApiAuthRegistrationVerifyEmailMutation,
  usePostApiAuthRegistrationResendEmailMutation,
  useGetApiAuthUserQuery,
  useLazyGetApiAuthUserQuery,
  usePutApiAuthUserMutation,
  usePatchApiAuthUserMutation,
  usePostApiAuthPasswordChangeMutation,
  useGetApiAuthOtpSetupQuery,
  useLazyGetApiAuthOtpSetupQuery,
  usePostApiAuthOtpEnableMutation,
  usePostApiAuthOtpDisableMutation,
  usePostApiUsersProfileUploadImageMutation,
  usePostUsersApiProfileUploadImageMutation,
  useGetDashboardApiUserSignupsQuery,
  useLazyGetDashboardApiUserSignupsQuery,
  useGetApiContextsQuery,
  useLazyGetApiContextsQuery,
  usePostApiContextsMutation,
  useGetApiContextsDownloadCsvQuery,
  useLazyGetApiContextsDownloadCsvQuery,
  useGetApiContextsByIdQuery,
  useLazyGetApiContextsByIdQuery,
  usePutApiContextsByIdMutation,
  usePatchApiContextsByIdMutation,
  useDeleteApiContextsByIdMutation,
  useGetApiBrandVideosQuery,
  useLazyGetApiBrandVideosQuery,
  usePostApiBrandVideosMutation,
  useGetApiBrandVideosAvailableTagsQuery,
  useLazyGetApiBrandVideosAvailableTagsQuery,
  usePostApiBrandVideosBulkTagMutation,
  useGetApiBrandVideosByIdQuery,
  useLazyGetApiBrandVideosByIdQuery,
  usePutApiBrandVideosByIdMutation,
  usePatchApiBrandVideosByIdMutation,
  useDeleteApiBrandVideosByIdMutation,
  usePostApiBrandVideosByIdUploadUrlMutation,
  usePostApiBrandVideosByIdConfirmUploadMutation,
  useGetApiTextWallBackgroundVideosQuery,
  useLazyGetApiTextWallBackgroundVideosQuery,
  usePostApiTextWallBackgroundVideosMutation,
  useGetApiTextWallBackgroundVideosByIdQuery,
  useLazyGetApiTextWallBackgroundVideosByIdQuery,
  usePutApiTextWallBackgroundVideosByIdMutation,
  usePatchApiTextWallBackgroundVideosByIdMutation,
  useDeleteApiTextWallBackgroundVideosByIdMutation,
  usePostApiTextWallBackgroundVideosByIdUploadUrlMutation,
  usePostApiTextWallBackgroundVideosByIdConfirmUploadMutation,
  useGetTeamsApiTeamsQuery,
  useLazyGetTeamsApiTeamsQuery,
  usePostTeamsApiTeamsMutation,
  useGetTeamsApiTeamsGetOrCreateTeamQuery,
  useLazyGetTeamsApiTeamsGetOrCreateTeamQuery,
  useGetTeamsApiTeamsByIdQuery,
  useLazyGetTeamsApiTeamsByIdQuery,
  usePutTeamsApiTeamsByIdMutation,
  usePatchTeamsApiTeamsByIdMutation,
  useDeleteTeamsApiTeamsByIdMutation,
  usePostTeamsApiJoinTeamByIdMutation,
  usePostTeamsApiJoinTeamByTeamSlugMutation,
  useGetTeamsApiInvitationsByIdQuery,
  useLazyGetTeamsApiInvitationsByIdQuery,
  usePostTeamsApiInvitationsByIdAcceptMutation,
  useGetAByTeamSlugTeamApiInvitationsQuery,
  useLazyGetAByTeamSlugTeamApiInvitationsQuery,
  usePostAByTeamSlugTeamApiInvitationsMutation,
  useGetAByTeamSlugTeamApiInvitationsAndIdQuery,
  useLazyGetAByTeamSlugTeamApiInvitationsAndIdQuery,
  usePutAByTeamSlugTeamApiInvitationsAndIdMutation,
  usePatchAByTeamSlugTeamApiInvitationsAndIdMutation,
  useDeleteAByTeamSlugTeamApiInvitationsAndIdMutation,
  usePostAByTeamSlugTeamApiInvitationsAndIdResendMutation,
  useGetAByTeamSlugTeamMembersQuery,
  useLazyGetAByTeamSlugTeamMembersQuery,
  useGetAByTeamSlugTeamMembersAndIdQuery,
  useLazyGetAByTeamSlugTeamMembersAndIdQuery,
  usePutAByTeamSlugTeamMembersAndIdMutation,
  usePatchAByTeamSlugTeamMembersAndIdMutation,
  useDeleteAByTeamSlugTeamMembersAndIdMutation,
  usePostAByTeamSlugSubscriptionStripeApiCreateCheckoutSessionMutation,
  usePostAByTeamSlugSubscriptionStripeApiCreatePortalSessionMutation,
  useGetAByTeamSlugSubscriptionApiPlansQuery,
  useLazyGetAByTeamSlugSubscriptionApiPlansQuery,
  useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery,
  useLazyGetAByTeamSlugSubscriptionApiCreditsBalanceQuery,
  usePostAByTeamSlugSubscriptionApiCreditsPurchaseMutation,
  useGetAByTeamSlugSubscriptionApiCreditTransactionsQuery,
  useLazyGetAByTeamSlugSubscriptionApiCreditTransactionsQuery,
  useGetAByTeamSlugSubscriptionApiCreditsTransactionsQuery,
  useLazyGetAByTeamSlugSubscriptionApiCreditsTransactionsQuery,
  useGetAByTeamSlugSubscriptionLocalApiPortalQuery,
  useLazyGetAByTeamSlugSubscriptionLocalApiPortalQuery,
  usePostAByTeamSlugSubscriptionLocalApiPortalCancelMutation,
  usePostAByTeamSlugSubscriptionLocalApiPortalResumeMutation,
  usePostSubscriptionStripeWebhookMutation,
  useGetSubscriptionLocalApiCheckoutByIdQuery,
  useLazyGetSubscriptionLocalApiCheckoutByIdQuery,
  usePostSubscriptionLocalApiCheckoutByIdPayMutation,
  usePostSubscriptionLocalApiCheckoutByIdCancelMutation,
} = injectedRtkApi;
