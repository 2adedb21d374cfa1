import { baseApi as api } from "../base-api";
export const addTagTypes = [
  "api",
  "users",
  "dashboard",
  "Brand Videos",
  "Text Wall Videos",
  "Composite Videos",
  "Voices",
  "Brand Kits",
  "Video Templates",
  "Music Tracks",
  "Ad Results",
  "teams",
  "subscriptions",
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getApiHealth: build.query<GetApiHealthApiResponse, GetApiHealthApiArg>({
        query: () => ({ url: `/api/health/` }),
        providesTags: ["api"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
      }),
      getApiAuthLogout: build.query<
        GetApiAuthLogoutApiResponse,
        GetApiAuthLogoutApiArg
      >({
        query: () => ({ url: `/api/auth/logout/` }),
        providesTags: ["users"],
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
        invalidatesTags: ["users"],
      }),
      postApiAuthRegistrationResendEmail: build.mutation<
        PostApiAuthRegistrationResendEmailApiResponse,
        PostApiAuthRegistrationResendEmailApiArg
      >({
        query: () => ({
          url: `/api/auth/registration/resend-email/`,
          method: "POST",
        }),
        invalidatesTags: ["users"],
      }),
      getApiAuthUser: build.query<
        GetApiAuthUserApiResponse,
        GetApiAuthUserApiArg
      >({
        query: () => ({ url: `/api/auth/user/` }),
        providesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
      }),
      postApiAuthPasswordReset: build.mutation<
        PostApiAuthPasswordResetApiResponse,
        PostApiAuthPasswordResetApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/password/reset/`,
          method: "POST",
          body: queryArg.passwordResetRequest,
        }),
        invalidatesTags: ["users"],
      }),
      postApiAuthPasswordResetCheck: build.mutation<
        PostApiAuthPasswordResetCheckApiResponse,
        PostApiAuthPasswordResetCheckApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/password/reset/check/`,
          method: "POST",
          body: queryArg.passwordResetCheckRequest,
        }),
        invalidatesTags: ["users"],
      }),
      postApiAuthPasswordResetConfirm: build.mutation<
        PostApiAuthPasswordResetConfirmApiResponse,
        PostApiAuthPasswordResetConfirmApiArg
      >({
        query: (queryArg) => ({
          url: `/api/auth/password/reset/confirm/`,
          method: "POST",
          body: queryArg.passwordResetConfirmRequest,
        }),
        invalidatesTags: ["users"],
      }),
      getApiAuthOtpSetup: build.query<
        GetApiAuthOtpSetupApiResponse,
        GetApiAuthOtpSetupApiArg
      >({
        query: () => ({ url: `/api/auth/otp/setup/` }),
        providesTags: ["users"],
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
        invalidatesTags: ["users"],
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
        invalidatesTags: ["users"],
      }),
      postApiUsersProfileUploadImage: build.mutation<
        PostApiUsersProfileUploadImageApiResponse,
        PostApiUsersProfileUploadImageApiArg
      >({
        query: () => ({
          url: `/api/users/profile/upload-image/`,
          method: "POST",
        }),
        invalidatesTags: ["users"],
      }),
      postUsersApiProfileUploadImage: build.mutation<
        PostUsersApiProfileUploadImageApiResponse,
        PostUsersApiProfileUploadImageApiArg
      >({
        query: () => ({
          url: `/users/api/profile/upload-image/`,
          method: "POST",
        }),
        invalidatesTags: ["users"],
      }),
      getDashboardApiUserSignups: build.query<
        GetDashboardApiUserSignupsApiResponse,
        GetDashboardApiUserSignupsApiArg
      >({
        query: () => ({ url: `/dashboard/api/user-signups/` }),
        providesTags: ["dashboard"],
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
        providesTags: ["api"],
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
        invalidatesTags: ["api"],
      }),
      postApiContextsFromUrl: build.mutation<
        PostApiContextsFromUrlApiResponse,
        PostApiContextsFromUrlApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contexts/from_url/`,
          method: "POST",
          body: queryArg.contextFromUrlRequest,
        }),
        invalidatesTags: ["api"],
      }),
      getApiContextsDownloadCsv: build.query<
        GetApiContextsDownloadCsvApiResponse,
        GetApiContextsDownloadCsvApiArg
      >({
        query: () => ({ url: `/api/contexts/download_csv/` }),
        providesTags: ["api"],
      }),
      getApiContextsById: build.query<
        GetApiContextsByIdApiResponse,
        GetApiContextsByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/contexts/${queryArg.id}/` }),
        providesTags: ["api"],
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
        invalidatesTags: ["api"],
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
        invalidatesTags: ["api"],
      }),
      deleteApiContextsById: build.mutation<
        DeleteApiContextsByIdApiResponse,
        DeleteApiContextsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/contexts/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["api"],
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
        providesTags: ["Brand Videos"],
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
        invalidatesTags: ["Brand Videos"],
      }),
      getApiBrandVideosAvailableTags: build.query<
        GetApiBrandVideosAvailableTagsApiResponse,
        GetApiBrandVideosAvailableTagsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-videos/available_tags/`,
          params: {
            kind: queryArg.kind,
          },
        }),
        providesTags: ["Brand Videos"],
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
        invalidatesTags: ["Brand Videos"],
      }),
      getApiBrandVideosById: build.query<
        GetApiBrandVideosByIdApiResponse,
        GetApiBrandVideosByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/brand-videos/${queryArg.id}/` }),
        providesTags: ["Brand Videos"],
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
        invalidatesTags: ["Brand Videos"],
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
        invalidatesTags: ["Brand Videos"],
      }),
      deleteApiBrandVideosById: build.mutation<
        DeleteApiBrandVideosByIdApiResponse,
        DeleteApiBrandVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-videos/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Brand Videos"],
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
        invalidatesTags: ["Brand Videos"],
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
        invalidatesTags: ["Brand Videos"],
      }),
      postApiBrandVideosByIdTranscribe: build.mutation<
        PostApiBrandVideosByIdTranscribeApiResponse,
        PostApiBrandVideosByIdTranscribeApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-videos/${queryArg.id}/transcribe/`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Brand Videos"],
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
        providesTags: ["Text Wall Videos"],
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
        invalidatesTags: ["Text Wall Videos"],
      }),
      postApiTextWallBackgroundVideosFromBrandVideo: build.mutation<
        PostApiTextWallBackgroundVideosFromBrandVideoApiResponse,
        PostApiTextWallBackgroundVideosFromBrandVideoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-background-videos/from_brand_video/`,
          method: "POST",
          body: queryArg.textWallBackgroundVideoFromBrandVideoRequest,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      getApiTextWallBackgroundVideosById: build.query<
        GetApiTextWallBackgroundVideosByIdApiResponse,
        GetApiTextWallBackgroundVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-background-videos/${queryArg.id}/`,
        }),
        providesTags: ["Text Wall Videos"],
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
        invalidatesTags: ["Text Wall Videos"],
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
        invalidatesTags: ["Text Wall Videos"],
      }),
      deleteApiTextWallBackgroundVideosById: build.mutation<
        DeleteApiTextWallBackgroundVideosByIdApiResponse,
        DeleteApiTextWallBackgroundVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-background-videos/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Text Wall Videos"],
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
        invalidatesTags: ["Text Wall Videos"],
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
        invalidatesTags: ["Text Wall Videos"],
      }),
      getApiTextWallVideos: build.query<
        GetApiTextWallVideosApiResponse,
        GetApiTextWallVideosApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
            status: queryArg.status,
            bulk_job_id: queryArg.bulkJobId,
            search: queryArg.search,
          },
        }),
        providesTags: ["Text Wall Videos"],
      }),
      postApiTextWallVideos: build.mutation<
        PostApiTextWallVideosApiResponse,
        PostApiTextWallVideosApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/`,
          method: "POST",
          body: queryArg.textWallVideoRequest,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      postApiTextWallVideosBulkCreate: build.mutation<
        PostApiTextWallVideosBulkCreateApiResponse,
        PostApiTextWallVideosBulkCreateApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/bulk_create/`,
          method: "POST",
          body: queryArg.bulkVideoJobCreateRequest,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      postApiTextWallVideosGenerateTexts: build.mutation<
        PostApiTextWallVideosGenerateTextsApiResponse,
        PostApiTextWallVideosGenerateTextsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/generate_texts/`,
          method: "POST",
          body: queryArg.generateTextsRequest,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      getApiTextWallVideosBulkJobStatusByJobId: build.query<
        GetApiTextWallVideosBulkJobStatusByJobIdApiResponse,
        GetApiTextWallVideosBulkJobStatusByJobIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/bulk-job-status/${queryArg.jobId}/`,
        }),
        providesTags: ["Text Wall Videos"],
      }),
      getApiTextWallVideosById: build.query<
        GetApiTextWallVideosByIdApiResponse,
        GetApiTextWallVideosByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/text-wall-videos/${queryArg.id}/` }),
        providesTags: ["Text Wall Videos"],
      }),
      putApiTextWallVideosById: build.mutation<
        PutApiTextWallVideosByIdApiResponse,
        PutApiTextWallVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/${queryArg.id}/`,
          method: "PUT",
          body: queryArg.patchedTextWallVideoRequest,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      patchApiTextWallVideosById: build.mutation<
        PatchApiTextWallVideosByIdApiResponse,
        PatchApiTextWallVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.patchedTextWallVideoRequest,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      deleteApiTextWallVideosById: build.mutation<
        DeleteApiTextWallVideosByIdApiResponse,
        DeleteApiTextWallVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      postApiTextWallVideosByIdRender: build.mutation<
        PostApiTextWallVideosByIdRenderApiResponse,
        PostApiTextWallVideosByIdRenderApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/${queryArg.id}/render/`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Text Wall Videos"],
      }),
      getApiTextWallVideosByIdRenderStatus: build.query<
        GetApiTextWallVideosByIdRenderStatusApiResponse,
        GetApiTextWallVideosByIdRenderStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/api/text-wall-videos/${queryArg.id}/render_status/`,
        }),
        providesTags: ["Text Wall Videos"],
      }),
      getApiCompositeVideos: build.query<
        GetApiCompositeVideosApiResponse,
        GetApiCompositeVideosApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
            status: queryArg.status,
            bulk_job_id: queryArg.bulkJobId,
            search: queryArg.search,
          },
        }),
        providesTags: ["Composite Videos"],
      }),
      postApiCompositeVideos: build.mutation<
        PostApiCompositeVideosApiResponse,
        PostApiCompositeVideosApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/`,
          method: "POST",
          body: queryArg.compositeVideoCreateRequest,
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      getApiCompositeVideosCompositionConfigs: build.query<
        GetApiCompositeVideosCompositionConfigsApiResponse,
        GetApiCompositeVideosCompositionConfigsApiArg
      >({
        query: () => ({ url: `/api/composite-videos/composition_configs/` }),
        providesTags: ["Composite Videos"],
      }),
      postApiCompositeVideosBulkCreateHookProductDemo: build.mutation<
        PostApiCompositeVideosBulkCreateHookProductDemoApiResponse,
        PostApiCompositeVideosBulkCreateHookProductDemoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/bulk_create_hook_product_demo/`,
          method: "POST",
          body: queryArg.bulkCreateHookProductDemoRequest,
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      postApiCompositeVideosMultitextwall: build.mutation<
        PostApiCompositeVideosMultitextwallApiResponse,
        PostApiCompositeVideosMultitextwallApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/multitextwall/`,
          method: "POST",
          body: queryArg.multiTextWallRequest,
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      getApiCompositeVideosById: build.query<
        GetApiCompositeVideosByIdApiResponse,
        GetApiCompositeVideosByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/composite-videos/${queryArg.id}/` }),
        providesTags: ["Composite Videos"],
      }),
      putApiCompositeVideosById: build.mutation<
        PutApiCompositeVideosByIdApiResponse,
        PutApiCompositeVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/${queryArg.id}/`,
          method: "PUT",
          body: queryArg.compositeVideoRequest,
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      patchApiCompositeVideosById: build.mutation<
        PatchApiCompositeVideosByIdApiResponse,
        PatchApiCompositeVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.compositeVideoRequest,
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      deleteApiCompositeVideosById: build.mutation<
        DeleteApiCompositeVideosByIdApiResponse,
        DeleteApiCompositeVideosByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      postApiCompositeVideosByIdRender: build.mutation<
        PostApiCompositeVideosByIdRenderApiResponse,
        PostApiCompositeVideosByIdRenderApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/${queryArg.id}/render/`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Composite Videos"],
      }),
      getApiCompositeVideosByIdRenderStatus: build.query<
        GetApiCompositeVideosByIdRenderStatusApiResponse,
        GetApiCompositeVideosByIdRenderStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/api/composite-videos/${queryArg.id}/render_status/`,
        }),
        providesTags: ["Composite Videos"],
      }),
      getApiVideos: build.query<GetApiVideosApiResponse, GetApiVideosApiArg>({
        query: (queryArg) => ({
          url: `/api/videos/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
            status: queryArg.status,
            bulk_job_id: queryArg.bulkJobId,
            search: queryArg.search,
            type: queryArg["type"],
            ordering: queryArg.ordering,
          },
        }),
        providesTags: ["Text Wall Videos", "Composite Videos"],
      }),
      getApiRemotionRenderJobs: build.query<
        GetApiRemotionRenderJobsApiResponse,
        GetApiRemotionRenderJobsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/remotion-render-jobs/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
            status: queryArg.status,
            target_id: queryArg.targetId,
          },
        }),
        providesTags: ["api"],
      }),
      getApiRemotionRenderJobsById: build.query<
        GetApiRemotionRenderJobsByIdApiResponse,
        GetApiRemotionRenderJobsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/remotion-render-jobs/${queryArg.id}/`,
        }),
        providesTags: ["api"],
      }),
      postApiRemotionRenderJobsByIdCancel: build.mutation<
        PostApiRemotionRenderJobsByIdCancelApiResponse,
        PostApiRemotionRenderJobsByIdCancelApiArg
      >({
        query: (queryArg) => ({
          url: `/api/remotion-render-jobs/${queryArg.id}/cancel/`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["api"],
      }),
      getApiVoices: build.query<GetApiVoicesApiResponse, GetApiVoicesApiArg>({
        query: () => ({ url: `/api/voices/` }),
        providesTags: ["Voices"],
      }),
      getApiVoicesByIdSample: build.query<
        GetApiVoicesByIdSampleApiResponse,
        GetApiVoicesByIdSampleApiArg
      >({
        query: (queryArg) => ({ url: `/api/voices/${queryArg.id}/sample/` }),
        providesTags: ["Voices"],
      }),
      postApiVoicesSpeak: build.mutation<
        PostApiVoicesSpeakApiResponse,
        PostApiVoicesSpeakApiArg
      >({
        query: (queryArg) => ({
          url: `/api/voices/speak/`,
          method: "POST",
          body: queryArg.speakRequest,
        }),
        invalidatesTags: ["Voices"],
      }),
      getApiBrandKits: build.query<
        GetApiBrandKitsApiResponse,
        GetApiBrandKitsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-kits/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["Brand Kits"],
      }),
      postApiBrandKits: build.mutation<
        PostApiBrandKitsApiResponse,
        PostApiBrandKitsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-kits/`,
          method: "POST",
          body: queryArg.brandKitRequest,
        }),
        invalidatesTags: ["Brand Kits"],
      }),
      getApiBrandKitsById: build.query<
        GetApiBrandKitsByIdApiResponse,
        GetApiBrandKitsByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/brand-kits/${queryArg.id}/` }),
        providesTags: ["Brand Kits"],
      }),
      patchApiBrandKitsById: build.mutation<
        PatchApiBrandKitsByIdApiResponse,
        PatchApiBrandKitsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-kits/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.patchedBrandKitRequest,
        }),
        invalidatesTags: ["Brand Kits"],
      }),
      deleteApiBrandKitsById: build.mutation<
        DeleteApiBrandKitsByIdApiResponse,
        DeleteApiBrandKitsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-kits/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Brand Kits"],
      }),
      postApiBrandKitsByIdLogo: build.mutation<
        PostApiBrandKitsByIdLogoApiResponse,
        PostApiBrandKitsByIdLogoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-kits/${queryArg.id}/logo/`,
          method: "POST",
        }),
        invalidatesTags: ["Brand Kits"],
      }),
      deleteApiBrandKitsByIdLogo: build.mutation<
        DeleteApiBrandKitsByIdLogoApiResponse,
        DeleteApiBrandKitsByIdLogoApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-kits/${queryArg.id}/logo/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Brand Kits"],
      }),
      getApiBrandFonts: build.query<
        GetApiBrandFontsApiResponse,
        GetApiBrandFontsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-fonts/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["Brand Kits"],
      }),
      postApiBrandFonts: build.mutation<
        PostApiBrandFontsApiResponse,
        PostApiBrandFontsApiArg
      >({
        query: () => ({ url: `/api/brand-fonts/`, method: "POST" }),
        invalidatesTags: ["Brand Kits"],
      }),
      getApiBrandFontsById: build.query<
        GetApiBrandFontsByIdApiResponse,
        GetApiBrandFontsByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/brand-fonts/${queryArg.id}/` }),
        providesTags: ["Brand Kits"],
      }),
      deleteApiBrandFontsById: build.mutation<
        DeleteApiBrandFontsByIdApiResponse,
        DeleteApiBrandFontsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/brand-fonts/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Brand Kits"],
      }),
      getApiVideoTemplates: build.query<
        GetApiVideoTemplatesApiResponse,
        GetApiVideoTemplatesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/video-templates/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
            composition: queryArg.composition,
          },
        }),
        providesTags: ["Video Templates"],
      }),
      postApiVideoTemplates: build.mutation<
        PostApiVideoTemplatesApiResponse,
        PostApiVideoTemplatesApiArg
      >({
        query: (queryArg) => ({
          url: `/api/video-templates/`,
          method: "POST",
          body: queryArg.videoTemplateRequest,
        }),
        invalidatesTags: ["Video Templates"],
      }),
      getApiVideoTemplatesById: build.query<
        GetApiVideoTemplatesByIdApiResponse,
        GetApiVideoTemplatesByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/video-templates/${queryArg.id}/` }),
        providesTags: ["Video Templates"],
      }),
      patchApiVideoTemplatesById: build.mutation<
        PatchApiVideoTemplatesByIdApiResponse,
        PatchApiVideoTemplatesByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/video-templates/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.patchedVideoTemplateRequest,
        }),
        invalidatesTags: ["Video Templates"],
      }),
      deleteApiVideoTemplatesById: build.mutation<
        DeleteApiVideoTemplatesByIdApiResponse,
        DeleteApiVideoTemplatesByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/video-templates/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Video Templates"],
      }),
      getApiMusicTracks: build.query<
        GetApiMusicTracksApiResponse,
        GetApiMusicTracksApiArg
      >({
        query: (queryArg) => ({
          url: `/api/music-tracks/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
            search: queryArg.search,
            ordering: queryArg.ordering,
          },
        }),
        providesTags: ["Music Tracks"],
      }),
      postApiMusicTracks: build.mutation<
        PostApiMusicTracksApiResponse,
        PostApiMusicTracksApiArg
      >({
        query: (queryArg) => ({
          url: `/api/music-tracks/`,
          method: "POST",
          body: queryArg.musicTrackUploadRequest,
        }),
        invalidatesTags: ["Music Tracks"],
      }),
      getApiMusicTracksById: build.query<
        GetApiMusicTracksByIdApiResponse,
        GetApiMusicTracksByIdApiArg
      >({
        query: (queryArg) => ({ url: `/api/music-tracks/${queryArg.id}/` }),
        providesTags: ["Music Tracks"],
      }),
      patchApiMusicTracksById: build.mutation<
        PatchApiMusicTracksByIdApiResponse,
        PatchApiMusicTracksByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/music-tracks/${queryArg.id}/`,
          method: "PATCH",
          body: queryArg.patchedMusicTrackRequest,
        }),
        invalidatesTags: ["Music Tracks"],
      }),
      deleteApiMusicTracksById: build.mutation<
        DeleteApiMusicTracksByIdApiResponse,
        DeleteApiMusicTracksByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/music-tracks/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Music Tracks"],
      }),
      getApiAdResultsImports: build.query<
        GetApiAdResultsImportsApiResponse,
        GetApiAdResultsImportsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ad-results/imports/`,
          params: {
            page: queryArg.page,
            page_size: queryArg.pageSize,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["Ad Results"],
      }),
      postApiAdResultsImports: build.mutation<
        PostApiAdResultsImportsApiResponse,
        PostApiAdResultsImportsApiArg
      >({
        query: () => ({ url: `/api/ad-results/imports/`, method: "POST" }),
        invalidatesTags: ["Ad Results"],
      }),
      getApiAdResultsImportsById: build.query<
        GetApiAdResultsImportsByIdApiResponse,
        GetApiAdResultsImportsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ad-results/imports/${queryArg.id}/`,
        }),
        providesTags: ["Ad Results"],
      }),
      deleteApiAdResultsImportsById: build.mutation<
        DeleteApiAdResultsImportsByIdApiResponse,
        DeleteApiAdResultsImportsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/api/ad-results/imports/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["Ad Results"],
      }),
      getApiInsights: build.query<
        GetApiInsightsApiResponse,
        GetApiInsightsApiArg
      >({
        query: (queryArg) => ({
          url: `/api/insights/`,
          params: {
            metric: queryArg.metric,
            group_by: queryArg.groupBy,
            since: queryArg.since,
            until: queryArg.until,
          },
        }),
        providesTags: ["Ad Results"],
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
        providesTags: ["teams"],
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
        invalidatesTags: ["teams"],
      }),
      getTeamsApiTeamsGetOrCreateTeam: build.query<
        GetTeamsApiTeamsGetOrCreateTeamApiResponse,
        GetTeamsApiTeamsGetOrCreateTeamApiArg
      >({
        query: () => ({ url: `/teams/api/teams/get_or_create_team/` }),
        providesTags: ["teams"],
      }),
      getTeamsApiTeamsById: build.query<
        GetTeamsApiTeamsByIdApiResponse,
        GetTeamsApiTeamsByIdApiArg
      >({
        query: (queryArg) => ({ url: `/teams/api/teams/${queryArg.id}/` }),
        providesTags: ["teams"],
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
        invalidatesTags: ["teams"],
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
        invalidatesTags: ["teams"],
      }),
      deleteTeamsApiTeamsById: build.mutation<
        DeleteTeamsApiTeamsByIdApiResponse,
        DeleteTeamsApiTeamsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/teams/api/teams/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["teams"],
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
        invalidatesTags: ["teams"],
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
        invalidatesTags: ["teams"],
      }),
      getTeamsApiInvitationsById: build.query<
        GetTeamsApiInvitationsByIdApiResponse,
        GetTeamsApiInvitationsByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/teams/api/invitations/${queryArg.id}/`,
        }),
        providesTags: ["teams"],
      }),
      postTeamsApiInvitationsByIdAccept: build.mutation<
        PostTeamsApiInvitationsByIdAcceptApiResponse,
        PostTeamsApiInvitationsByIdAcceptApiArg
      >({
        query: (queryArg) => ({
          url: `/teams/api/invitations/${queryArg.id}/accept/`,
          method: "POST",
        }),
        invalidatesTags: ["teams"],
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
        providesTags: ["teams"],
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
        invalidatesTags: ["teams"],
      }),
      getAByTeamSlugTeamApiInvitationsAndId: build.query<
        GetAByTeamSlugTeamApiInvitationsAndIdApiResponse,
        GetAByTeamSlugTeamApiInvitationsAndIdApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/`,
        }),
        providesTags: ["teams"],
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
        invalidatesTags: ["teams"],
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
        invalidatesTags: ["teams"],
      }),
      deleteAByTeamSlugTeamApiInvitationsAndId: build.mutation<
        DeleteAByTeamSlugTeamApiInvitationsAndIdApiResponse,
        DeleteAByTeamSlugTeamApiInvitationsAndIdApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["teams"],
      }),
      postAByTeamSlugTeamApiInvitationsAndIdResend: build.mutation<
        PostAByTeamSlugTeamApiInvitationsAndIdResendApiResponse,
        PostAByTeamSlugTeamApiInvitationsAndIdResendApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/team/api/invitations/${queryArg.id}/resend/`,
          method: "POST",
        }),
        invalidatesTags: ["teams"],
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
        providesTags: ["teams"],
      }),
      getAByTeamSlugTeamMembersAndId: build.query<
        GetAByTeamSlugTeamMembersAndIdApiResponse,
        GetAByTeamSlugTeamMembersAndIdApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/team/members/${queryArg.id}/`,
        }),
        providesTags: ["teams"],
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
        invalidatesTags: ["teams"],
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
        invalidatesTags: ["teams"],
      }),
      deleteAByTeamSlugTeamMembersAndId: build.mutation<
        DeleteAByTeamSlugTeamMembersAndIdApiResponse,
        DeleteAByTeamSlugTeamMembersAndIdApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/team/members/${queryArg.id}/`,
          method: "DELETE",
        }),
        invalidatesTags: ["teams"],
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
        invalidatesTags: ["subscriptions"],
      }),
      postAByTeamSlugSubscriptionStripeApiCreatePortalSession: build.mutation<
        PostAByTeamSlugSubscriptionStripeApiCreatePortalSessionApiResponse,
        PostAByTeamSlugSubscriptionStripeApiCreatePortalSessionApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/stripe/api/create-portal-session/`,
          method: "POST",
        }),
        invalidatesTags: ["subscriptions"],
      }),
      getAByTeamSlugSubscriptionApiPlans: build.query<
        GetAByTeamSlugSubscriptionApiPlansApiResponse,
        GetAByTeamSlugSubscriptionApiPlansApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/api/plans/`,
        }),
        providesTags: ["subscriptions"],
      }),
      getAByTeamSlugSubscriptionApiCreditsBalance: build.query<
        GetAByTeamSlugSubscriptionApiCreditsBalanceApiResponse,
        GetAByTeamSlugSubscriptionApiCreditsBalanceApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/api/credits/balance/`,
        }),
        providesTags: ["subscriptions"],
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
        invalidatesTags: ["subscriptions"],
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
        providesTags: ["subscriptions"],
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
        providesTags: ["subscriptions"],
      }),
      getAByTeamSlugSubscriptionLocalApiPortal: build.query<
        GetAByTeamSlugSubscriptionLocalApiPortalApiResponse,
        GetAByTeamSlugSubscriptionLocalApiPortalApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/local/api/portal/`,
        }),
        providesTags: ["subscriptions"],
      }),
      postAByTeamSlugSubscriptionLocalApiPortalCancel: build.mutation<
        PostAByTeamSlugSubscriptionLocalApiPortalCancelApiResponse,
        PostAByTeamSlugSubscriptionLocalApiPortalCancelApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/local/api/portal/cancel/`,
          method: "POST",
        }),
        invalidatesTags: ["subscriptions"],
      }),
      postAByTeamSlugSubscriptionLocalApiPortalResume: build.mutation<
        PostAByTeamSlugSubscriptionLocalApiPortalResumeApiResponse,
        PostAByTeamSlugSubscriptionLocalApiPortalResumeApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/local/api/portal/resume/`,
          method: "POST",
        }),
        invalidatesTags: ["subscriptions"],
      }),
      getAByTeamSlugSubscriptionApiUsage: build.query<
        GetAByTeamSlugSubscriptionApiUsageApiResponse,
        GetAByTeamSlugSubscriptionApiUsageApiArg
      >({
        query: (queryArg) => ({
          url: `/a/${queryArg.teamSlug}/subscription/api/usage/`,
        }),
        providesTags: ["subscriptions"],
      }),
      postSubscriptionStripeWebhook: build.mutation<
        PostSubscriptionStripeWebhookApiResponse,
        PostSubscriptionStripeWebhookApiArg
      >({
        query: () => ({ url: `/subscription/stripe/webhook/`, method: "POST" }),
        invalidatesTags: ["subscriptions"],
      }),
      getSubscriptionLocalApiCheckoutById: build.query<
        GetSubscriptionLocalApiCheckoutByIdApiResponse,
        GetSubscriptionLocalApiCheckoutByIdApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/local/api/checkout/${queryArg.id}/`,
        }),
        providesTags: ["subscriptions"],
      }),
      postSubscriptionLocalApiCheckoutByIdPay: build.mutation<
        PostSubscriptionLocalApiCheckoutByIdPayApiResponse,
        PostSubscriptionLocalApiCheckoutByIdPayApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/local/api/checkout/${queryArg.id}/pay/`,
          method: "POST",
        }),
        invalidatesTags: ["subscriptions"],
      }),
      postSubscriptionLocalApiCheckoutByIdCancel: build.mutation<
        PostSubscriptionLocalApiCheckoutByIdCancelApiResponse,
        PostSubscriptionLocalApiCheckoutByIdCancelApiArg
      >({
        query: (queryArg) => ({
          url: `/subscription/local/api/checkout/${queryArg.id}/cancel/`,
          method: "POST",
        }),
        invalidatesTags: ["subscriptions"],
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
export type PostApiAuthPasswordResetApiResponse =
  /** status 200 Default Response */ {
    detail: string;
  };
export type PostApiAuthPasswordResetApiArg = {
  passwordResetRequest: PasswordResetRequest;
};
export type PostApiAuthPasswordResetCheckApiResponse =
  /** status 200 Default Response */ {
    detail: string;
  };
export type PostApiAuthPasswordResetCheckApiArg = {
  passwordResetCheckRequest: PasswordResetCheckRequest;
};
export type PostApiAuthPasswordResetConfirmApiResponse =
  /** status 200 Default Response */ {
    detail: string;
  };
export type PostApiAuthPasswordResetConfirmApiArg = {
  passwordResetConfirmRequest: PasswordResetConfirmRequest;
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
export type PostApiContextsFromUrlApiResponse =
  /** status 201 Default Response */ Context;
export type PostApiContextsFromUrlApiArg = {
  contextFromUrlRequest: ContextFromUrlRequest;
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
export type GetApiBrandVideosAvailableTagsApiArg = {
  kind?: "product_demo" | "hook" | "other";
};
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
export type PostApiBrandVideosByIdTranscribeApiResponse =
  /** status 200 Default Response */ BrandVideoTranscription;
export type PostApiBrandVideosByIdTranscribeApiArg = {
  id: string;
  body: BrandVideoTranscribeRequest | null;
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
export type PostApiTextWallBackgroundVideosFromBrandVideoApiResponse =
  | /** status 200 Default Response */ TextWallBackgroundVideo
  | /** status 201 Default Response */ TextWallBackgroundVideo;
export type PostApiTextWallBackgroundVideosFromBrandVideoApiArg = {
  textWallBackgroundVideoFromBrandVideoRequest: TextWallBackgroundVideoFromBrandVideoRequest;
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
export type GetApiTextWallVideosApiResponse =
  /** status 200 Default Response */ PaginatedTextWallVideoList;
export type GetApiTextWallVideosApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  status?: string;
  bulkJobId?: string;
  search?: string;
};
export type PostApiTextWallVideosApiResponse =
  /** status 201 Default Response */ TextWallVideo;
export type PostApiTextWallVideosApiArg = {
  textWallVideoRequest: TextWallVideoRequest;
};
export type PostApiTextWallVideosBulkCreateApiResponse =
  /** status 202 Default Response */ BulkJobCreated;
export type PostApiTextWallVideosBulkCreateApiArg = {
  bulkVideoJobCreateRequest: BulkVideoJobCreateRequest;
};
export type PostApiTextWallVideosGenerateTextsApiResponse =
  /** status 200 Default Response */ GeneratedTexts;
export type PostApiTextWallVideosGenerateTextsApiArg = {
  generateTextsRequest: GenerateTextsRequest;
};
export type GetApiTextWallVideosBulkJobStatusByJobIdApiResponse =
  /** status 200 Default Response */ BulkJobStatus;
export type GetApiTextWallVideosBulkJobStatusByJobIdApiArg = {
  jobId: string;
};
export type GetApiTextWallVideosByIdApiResponse =
  /** status 200 Default Response */ TextWallVideo;
export type GetApiTextWallVideosByIdApiArg = {
  id: string;
};
export type PutApiTextWallVideosByIdApiResponse =
  /** status 200 Default Response */ TextWallVideo;
export type PutApiTextWallVideosByIdApiArg = {
  id: string;
  patchedTextWallVideoRequest: PatchedTextWallVideoRequest;
};
export type PatchApiTextWallVideosByIdApiResponse =
  /** status 200 Default Response */ TextWallVideo;
export type PatchApiTextWallVideosByIdApiArg = {
  id: string;
  patchedTextWallVideoRequest: PatchedTextWallVideoRequest;
};
export type DeleteApiTextWallVideosByIdApiResponse = unknown;
export type DeleteApiTextWallVideosByIdApiArg = {
  id: string;
};
export type PostApiTextWallVideosByIdRenderApiResponse =
  /** status 202 Default Response */ RenderStarted;
export type PostApiTextWallVideosByIdRenderApiArg = {
  id: string;
  body: {} | null;
};
export type GetApiTextWallVideosByIdRenderStatusApiResponse =
  /** status 200 Default Response */ RenderStatus;
export type GetApiTextWallVideosByIdRenderStatusApiArg = {
  id: string;
};
export type GetApiCompositeVideosApiResponse =
  /** status 200 Default Response */ PaginatedCompositeVideoList;
export type GetApiCompositeVideosApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  status?: string;
  bulkJobId?: string;
  search?: string;
};
export type PostApiCompositeVideosApiResponse =
  /** status 201 Default Response */ CompositeVideo;
export type PostApiCompositeVideosApiArg = {
  compositeVideoCreateRequest: CompositeVideoCreateRequest;
};
export type GetApiCompositeVideosCompositionConfigsApiResponse =
  /** status 200 Default Response */ CompositionConfig[];
export type GetApiCompositeVideosCompositionConfigsApiArg = void;
export type PostApiCompositeVideosBulkCreateHookProductDemoApiResponse =
  /** status 202 Default Response */ BulkJobCreated;
export type PostApiCompositeVideosBulkCreateHookProductDemoApiArg = {
  bulkCreateHookProductDemoRequest: BulkCreateHookProductDemoRequest;
};
export type PostApiCompositeVideosMultitextwallApiResponse =
  /** status 202 Default Response */ BulkJobCreated;
export type PostApiCompositeVideosMultitextwallApiArg = {
  multiTextWallRequest: MultiTextWallRequest;
};
export type GetApiCompositeVideosByIdApiResponse =
  /** status 200 Default Response */ CompositeVideo;
export type GetApiCompositeVideosByIdApiArg = {
  id: string;
};
export type PutApiCompositeVideosByIdApiResponse =
  /** status 200 Default Response */ CompositeVideo;
export type PutApiCompositeVideosByIdApiArg = {
  id: string;
  compositeVideoRequest: CompositeVideoRequest;
};
export type PatchApiCompositeVideosByIdApiResponse =
  /** status 200 Default Response */ CompositeVideo;
export type PatchApiCompositeVideosByIdApiArg = {
  id: string;
  compositeVideoRequest: CompositeVideoRequest;
};
export type DeleteApiCompositeVideosByIdApiResponse = unknown;
export type DeleteApiCompositeVideosByIdApiArg = {
  id: string;
};
export type PostApiCompositeVideosByIdRenderApiResponse =
  /** status 202 Default Response */ RenderStarted;
export type PostApiCompositeVideosByIdRenderApiArg = {
  id: string;
  body: {} | null;
};
export type GetApiCompositeVideosByIdRenderStatusApiResponse =
  /** status 200 Default Response */ RenderStatus;
export type GetApiCompositeVideosByIdRenderStatusApiArg = {
  id: string;
};
export type GetApiVideosApiResponse =
  /** status 200 Default Response */ PaginatedVideoList;
export type GetApiVideosApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  status?: string;
  bulkJobId?: string;
  search?: string;
  type?: "text_wall" | "composite";
  /** created_at or updated_at; prefix - for descending (default -created_at) */
  ordering?: string;
};
export type GetApiRemotionRenderJobsApiResponse =
  /** status 200 Default Response */ PaginatedRemotionRenderJobList;
export type GetApiRemotionRenderJobsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  status?: string;
  targetId?: string;
};
export type GetApiRemotionRenderJobsByIdApiResponse =
  /** status 200 Default Response */ RemotionRenderJob;
export type GetApiRemotionRenderJobsByIdApiArg = {
  id: string;
};
export type PostApiRemotionRenderJobsByIdCancelApiResponse =
  /** status 200 Default Response */ RemotionRenderJob;
export type PostApiRemotionRenderJobsByIdCancelApiArg = {
  id: string;
  body: {} | null;
};
export type GetApiVoicesApiResponse =
  /** status 200 Default Response */ VoiceList;
export type GetApiVoicesApiArg = void;
export type GetApiVoicesByIdSampleApiResponse = unknown;
export type GetApiVoicesByIdSampleApiArg = {
  id: string;
};
export type PostApiVoicesSpeakApiResponse =
  /** status 200 Default Response */ Speech;
export type PostApiVoicesSpeakApiArg = {
  speakRequest: SpeakRequest;
};
export type GetApiBrandKitsApiResponse =
  /** status 200 Default Response */ PaginatedBrandKitList;
export type GetApiBrandKitsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
};
export type PostApiBrandKitsApiResponse =
  /** status 201 Default Response */ BrandKit;
export type PostApiBrandKitsApiArg = {
  brandKitRequest: BrandKitRequest;
};
export type GetApiBrandKitsByIdApiResponse =
  /** status 200 Default Response */ BrandKit;
export type GetApiBrandKitsByIdApiArg = {
  id: string;
};
export type PatchApiBrandKitsByIdApiResponse =
  /** status 200 Default Response */ BrandKit;
export type PatchApiBrandKitsByIdApiArg = {
  id: string;
  patchedBrandKitRequest: PatchedBrandKitRequest;
};
export type DeleteApiBrandKitsByIdApiResponse = unknown;
export type DeleteApiBrandKitsByIdApiArg = {
  id: string;
};
export type PostApiBrandKitsByIdLogoApiResponse =
  /** status 200 Default Response */ BrandKit;
export type PostApiBrandKitsByIdLogoApiArg = {
  id: string;
};
export type DeleteApiBrandKitsByIdLogoApiResponse = unknown;
export type DeleteApiBrandKitsByIdLogoApiArg = {
  id: string;
};
export type GetApiBrandFontsApiResponse =
  /** status 200 Default Response */ PaginatedBrandFontList;
export type GetApiBrandFontsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
};
export type PostApiBrandFontsApiResponse =
  /** status 201 Default Response */ BrandFont;
export type PostApiBrandFontsApiArg = void;
export type GetApiBrandFontsByIdApiResponse =
  /** status 200 Default Response */ BrandFont;
export type GetApiBrandFontsByIdApiArg = {
  id: string;
};
export type DeleteApiBrandFontsByIdApiResponse = unknown;
export type DeleteApiBrandFontsByIdApiArg = {
  id: string;
};
export type GetApiVideoTemplatesApiResponse =
  /** status 200 Default Response */ PaginatedVideoTemplateList;
export type GetApiVideoTemplatesApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  composition?: "text-wall" | "hook-product-demo" | "multi-text-wall";
};
export type PostApiVideoTemplatesApiResponse =
  /** status 201 Default Response */ VideoTemplate;
export type PostApiVideoTemplatesApiArg = {
  videoTemplateRequest: VideoTemplateRequest;
};
export type GetApiVideoTemplatesByIdApiResponse =
  /** status 200 Default Response */ VideoTemplate;
export type GetApiVideoTemplatesByIdApiArg = {
  id: string;
};
export type PatchApiVideoTemplatesByIdApiResponse =
  /** status 200 Default Response */ VideoTemplate;
export type PatchApiVideoTemplatesByIdApiArg = {
  id: string;
  patchedVideoTemplateRequest: PatchedVideoTemplateRequest;
};
export type DeleteApiVideoTemplatesByIdApiResponse = unknown;
export type DeleteApiVideoTemplatesByIdApiArg = {
  id: string;
};
export type GetApiMusicTracksApiResponse =
  /** status 200 Default Response */ PaginatedMusicTrackList;
export type GetApiMusicTracksApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
  search?: string;
  /** name, created_at or duration_seconds; prefix - for descending (default -created_at) */
  ordering?: string;
};
export type PostApiMusicTracksApiResponse =
  /** status 201 Default Response */ MusicTrack;
export type PostApiMusicTracksApiArg = {
  musicTrackUploadRequest: MusicTrackUploadRequest;
};
export type GetApiMusicTracksByIdApiResponse =
  /** status 200 Default Response */ MusicTrack;
export type GetApiMusicTracksByIdApiArg = {
  id: string;
};
export type PatchApiMusicTracksByIdApiResponse =
  /** status 200 Default Response */ MusicTrack;
export type PatchApiMusicTracksByIdApiArg = {
  id: string;
  patchedMusicTrackRequest: PatchedMusicTrackRequest;
};
export type DeleteApiMusicTracksByIdApiResponse = unknown;
export type DeleteApiMusicTracksByIdApiArg = {
  id: string;
};
export type GetApiAdResultsImportsApiResponse =
  /** status 200 Default Response */ PaginatedAdResultImportList;
export type GetApiAdResultsImportsApiArg = {
  page?: number;
  pageSize?: number;
  limit?: number;
};
export type PostApiAdResultsImportsApiResponse =
  /** status 201 Default Response */ AdResultImportCreated;
export type PostApiAdResultsImportsApiArg = void;
export type GetApiAdResultsImportsByIdApiResponse =
  /** status 200 Default Response */ AdResultImport;
export type GetApiAdResultsImportsByIdApiArg = {
  id: string;
};
export type DeleteApiAdResultsImportsByIdApiResponse = unknown;
export type DeleteApiAdResultsImportsByIdApiArg = {
  id: string;
};
export type GetApiInsightsApiResponse =
  /** status 200 Default Response */ Insights;
export type GetApiInsightsApiArg = {
  metric?: "ctr" | "hook_rate" | "cpa" | "roas";
  groupBy?: "video" | "text" | "background" | "style" | "voice" | "brand_kit";
  /** keep the rows whose period ends on or after this day */
  since?: string;
  /** keep the rows whose period starts on or before this day */
  until?: string;
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
export type GetAByTeamSlugSubscriptionApiUsageApiResponse =
  /** status 200 Default Response */ TeamUsage;
export type GetAByTeamSlugSubscriptionApiUsageApiArg = {
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
export type PasswordResetRequest = {
  email: string;
};
export type PasswordResetCheckRequest = {
  uid: string;
  token: string;
};
export type PasswordResetConfirmRequest = {
  uid: string;
  token: string;
  new_password1: string;
  new_password2: string;
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
export type ContextFromUrlRequest = {
  url: string;
};
export type PatchedContextRequest = {
  name?: string;
  type?: "product" | "general";
  content?: string;
};
export type BrandVideoTranscript = {
  text: string;
  language: string | null;
  words: {
    text: string;
    start: number;
    end: number;
  }[];
  transcribed_at: string;
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
  transcript: BrandVideoTranscript | null;
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
export type BrandVideoTranscription = {
  id: string;
  text: string;
  language: string | null;
  words: {
    text: string;
    start: number;
    end: number;
  }[];
  transcribed_at: string;
};
export type BrandVideoTranscribeRequest = {
  force?: boolean;
};
export type TextWallBackgroundVideo = {
  id: string;
  name: string;
  filename: string;
  content_type: string;
  size: number;
  status: "pending_upload" | "processing" | "ready" | "failed";
  error: string | null;
  is_builtin: boolean;
  source_brand_video_id: string | null;
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
export type TextWallBackgroundVideoFromBrandVideoRequest = {
  brand_video_id: string;
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
export type TextWallCaptions = {
  style: "highlight" | "karaoke" | "pop" | "plain";
};
export type VideoEndCard = {
  headline: string;
  cta: string;
  url: string;
  seconds: number;
  color: string;
};
export type TextWallVideo = {
  id: string;
  text: string;
  background_video_id: string | null;
  background_name: string | null;
  context_id: number | null;
  style: {
    preset: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight: number;
    fontSize: number;
    uppercase: boolean;
    textColor: string;
    highlightColor: string;
    highlightWords: string[];
    position: "top" | "center" | "bottom";
    align: "left" | "center" | "right";
    decoration: "none" | "box" | "outline" | "shadow";
    boxColor: string;
    backgroundDim: number;
    clipFit: "fill" | "fit" | "blur";
    barColor: string;
    animation: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  duration_seconds: number;
  aspect: "9:16" | "1:1" | "16:9" | "4:5";
  voice: {
    voice_id: string;
    speed: number;
  } | null;
  captions: TextWallCaptions | null;
  brand_kit_id: string | null;
  /** the end card after the wall (the video lasts duration_seconds and its seconds), or null */
  end_card: VideoEndCard | null;
  music: {
    track_id: string;
    volume: number;
  } | null;
  /** the video's ad code, `HW-` and 6 characters: put it in the ad's name in Meta, TikTok or Google (the download's name and the MP4's title and comment carry it) so that imported results find the video */
  ad_code: string;
  bulk_job_id: string | null;
  render_job_id: string | null;
  status:
    "draft" | "queued" | "rendering" | "completed" | "failed" | "cancelled";
  progress: number;
  output_url: string | null;
  thumbnail_url: string | null;
  captions_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
};
export type PaginatedTextWallVideoList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: TextWallVideo[];
};
export type VideoMusic = {
  track_id: string;
  volume: number;
};
export type TextWallVideoRequest = {
  text: string;
  background_video_id?: string | null;
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  duration_seconds?: number;
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  context_id?: number | null;
  music?: VideoMusic | null;
  render?: boolean;
};
export type BulkJobCreated = {
  job_id: string;
  total: number;
  video_ids: string[];
};
export type TextWallVoice = {
  voice_id: string;
  speed: number;
};
export type VideoEndCardFields = {
  headline?: string;
  cta?: string;
  url?: string;
  seconds?: number;
  color?: string;
};
export type BulkVideoJobCreateRequest = {
  texts?: string[];
  context_id?: number;
  count?: number;
  background_video_ids?: string[];
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  styles?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  }[];
  combine?: "cycle" | "matrix";
  duration_seconds?: number;
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  tone?: "playful" | "premium" | "urgent" | "educational";
  brand_kit_id?: string | null;
  voice?: TextWallVoice;
  captions?: TextWallCaptions;
  music?: VideoMusic | null;
  /** An end card after each wall. Left out, null or false: none (a kit's card is never added unasked). true: the brand kit's end card, which must be on (`end_card.enabled` of the kit the batch takes, named or the team's default; else a 400 on end_card). An object: a card of its own, each field left out taken from the kit's card (on or off) when there is a kit, else empty (seconds: 3): headline (120 characters at most), cta (60), url (200, http(s) or a bare domain), seconds (1 to 5), color (#rrggbb; default the kit's primary colour, else #7c3aed); it needs a headline, a call to action or an address. The card is added: duration_seconds (or, with a voice left to fit, the speech's length) is the wall's, and the video lasts that plus the card's seconds. It is kept with the video (`end_card`): a kit changed later does not change it. */
  end_card?: (boolean | VideoEndCardFields) | null;
};
export type GeneratedTexts = {
  texts: string[];
  provider: "template" | "openai";
  credits_spent: number;
  items: {
    text: string;
    formula:
      | "question"
      | "pov"
      | "number"
      | "objection"
      | "before_after"
      | "list"
      | "curiosity"
      | "challenge"
      | "comparison";
  }[];
  language: "en" | "fr" | "es" | "de" | "pt" | "it";
};
export type GenerateTextsRequest = {
  context_id: number;
  count: number;
  tone?: "playful" | "premium" | "urgent" | "educational";
  formula?:
    | (
        | "question"
        | "pov"
        | "number"
        | "objection"
        | "before_after"
        | "list"
        | "curiosity"
        | "challenge"
        | "comparison"
      )
    | (
        | "question"
        | "pov"
        | "number"
        | "objection"
        | "before_after"
        | "list"
        | "curiosity"
        | "challenge"
        | "comparison"
      )[];
  language?: "en" | "fr" | "es" | "de" | "pt" | "it";
  /** the team’s videos (text walls or composites) whose texts won: new texts follow their shape (opening words, length, punctuation, emoji) in other words, and never repeat them */
  like_video_ids?: string[];
};
export type BulkJobStatus = {
  job_id: string;
  kind: "text_wall" | "hook_product_demo" | "multi_text_wall";
  status: "running" | "completed" | "partial" | "failed" | "cancelled";
  total: number;
  queued: number;
  rendering: number;
  completed: number;
  failed: number;
  cancelled: number;
  video_ids: string[];
  failures: {
    video_id: string;
    error: string;
  }[];
  created_at: string;
};
export type PatchedTextWallVideoRequest = {
  text?: string;
  background_video_id?: string | null;
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  duration_seconds?: number;
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  context_id?: number | null;
  music?: VideoMusic | null;
};
export type RenderStarted = {
  render_job_id: string;
};
export type RenderStatus = {
  status:
    "draft" | "queued" | "rendering" | "completed" | "failed" | "cancelled";
  progress: number;
  output_url: string | null;
  thumbnail_url: string | null;
  captions_url: string | null;
  error: string | null;
  render_job_id: string | null;
};
export type CompositeVideo = {
  id: string;
  name: string;
  composition_id: string;
  config: {
    [key: string]: any;
  };
  hook_video_id: string | null;
  product_demo_video_id: string | null;
  voice: {
    voice_id: string;
    speed: number;
  } | null;
  brand_kit_id: string | null;
  music: {
    track_id: string;
    volume: number;
  } | null;
  /** the video's ad code, `HW-` and 6 characters: put it in the ad's name in Meta, TikTok or Google (the download's name and the MP4's title and comment carry it) so that imported results find the video */
  ad_code: string;
  bulk_job_id: string | null;
  render_job_id: string | null;
  status:
    "draft" | "queued" | "rendering" | "completed" | "failed" | "cancelled";
  progress: number;
  output_url: string | null;
  thumbnail_url: string | null;
  captions_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
};
export type PaginatedCompositeVideoList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: CompositeVideo[];
};
export type CompositeVoice = {
  voice_id: string;
  speed: number;
  start: "demo" | "hook";
};
export type CompositeVideoCreateRequest = {
  name?: string;
  composition_id: "hook-product-demo" | "multi-text-wall";
  hook_video_id?: string | null;
  product_demo_video_id?: string | null;
  config?: {
    [key: string]: any;
  };
  brand_kit_id?: string | null;
  voice?: CompositeVoice | null;
  music?: VideoMusic | null;
  render?: boolean;
};
export type CompositionConfig = {
  id: string;
  name: string;
  description: string;
  width: number;
  height: number;
  fps: number;
  duration_in_frames: number;
  default_props: {
    [key: string]: any;
  };
  props_schema: {
    [key: string]: any;
  };
};
export type BulkCreateHookProductDemoRequest = {
  hook_video_ids: string[];
  product_demo_video_ids: string[];
  /** Hook texts by pair. The pairs are each hook in the order sent with every demo in the order sent; pair i gets overlay_texts[i % n], so one text per pair gives each its own (an empty one: no hook text). */
  overlay_texts?: string[];
  demo_text?: string;
  caption_text?: string;
  product_name?: string;
  end_card_text?: string;
  /** The end card's colour (brandColor). With style.clipFit 'fit' the bars take style.barColor. */
  brand_color?: string;
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  brand_kit_id?: string | null;
  /** Voice-over scripts by pair, as overlay_texts: pair i gets voiceover_texts[i % n] (an empty one: no voice-over). Needs a voice. */
  voiceover_texts?: string[];
  voice?: CompositeVoice;
  captions?: TextWallCaptions;
  music?: VideoMusic | null;
};
export type MultiTextWallRequest = {
  name?: string;
  text_wall_video_ids?: string[];
  texts?: string[];
  background_video_ids?: string[];
  seconds_per_wall?: number;
  transition?: "none" | "fade" | "slide";
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  brand_kit_id?: string | null;
  music?: VideoMusic | null;
  /** An end card after the last wall. Left out, null or false: none (a kit's card is never added unasked). true: the brand kit's end card, which must be on (`end_card.enabled` of the kit the batch takes, named or the team's default; else a 400 on end_card). An object: a card of its own, each field left out taken from the kit's card (on or off) when there is a kit, else empty (seconds: 3): headline (120 characters at most), cta (60), url (200, http(s) or a bare domain), seconds (1 to 5), color (#rrggbb; default the kit's primary colour, else #7c3aed); it needs a headline, a call to action or an address. The card is added: the walls keep their seconds, and the video lasts that plus the card's seconds. It is kept with the video (`end_card`): a kit changed later does not change it. */
  end_card?: (boolean | VideoEndCardFields) | null;
};
export type CompositeVideoRequest = {
  name?: string;
  config?: {
    [key: string]: any;
  };
  music?: VideoMusic | null;
};
export type TextWallVideoListItem = {
  id: string;
  text: string;
  background_video_id: string | null;
  background_name: string | null;
  context_id: number | null;
  style: {
    preset: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight: number;
    fontSize: number;
    uppercase: boolean;
    textColor: string;
    highlightColor: string;
    highlightWords: string[];
    position: "top" | "center" | "bottom";
    align: "left" | "center" | "right";
    decoration: "none" | "box" | "outline" | "shadow";
    boxColor: string;
    backgroundDim: number;
    clipFit: "fill" | "fit" | "blur";
    barColor: string;
    animation: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  duration_seconds: number;
  aspect: "9:16" | "1:1" | "16:9" | "4:5";
  voice: {
    voice_id: string;
    speed: number;
  } | null;
  captions: TextWallCaptions | null;
  brand_kit_id: string | null;
  /** the end card after the wall (the video lasts duration_seconds and its seconds), or null */
  end_card: VideoEndCard | null;
  music: {
    track_id: string;
    volume: number;
  } | null;
  /** the video's ad code, `HW-` and 6 characters: put it in the ad's name in Meta, TikTok or Google (the download's name and the MP4's title and comment carry it) so that imported results find the video */
  ad_code: string;
  bulk_job_id: string | null;
  render_job_id: string | null;
  status:
    "draft" | "queued" | "rendering" | "completed" | "failed" | "cancelled";
  progress: number;
  output_url: string | null;
  thumbnail_url: string | null;
  captions_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  type: "text_wall";
};
export type CompositeVideoListItem = {
  id: string;
  name: string;
  composition_id: string;
  config: {
    [key: string]: any;
  };
  hook_video_id: string | null;
  product_demo_video_id: string | null;
  voice: {
    voice_id: string;
    speed: number;
  } | null;
  brand_kit_id: string | null;
  music: {
    track_id: string;
    volume: number;
  } | null;
  /** the video's ad code, `HW-` and 6 characters: put it in the ad's name in Meta, TikTok or Google (the download's name and the MP4's title and comment carry it) so that imported results find the video */
  ad_code: string;
  bulk_job_id: string | null;
  render_job_id: string | null;
  status:
    "draft" | "queued" | "rendering" | "completed" | "failed" | "cancelled";
  progress: number;
  output_url: string | null;
  thumbnail_url: string | null;
  captions_url: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  type: "composite";
};
export type VideoListItem = TextWallVideoListItem | CompositeVideoListItem;
export type PaginatedVideoList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: VideoListItem[];
};
export type RemotionRenderJob = {
  id: string;
  composition_id: string;
  input_props: {
    [key: string]: any;
  };
  target_type: "text_wall_video" | "composite_video";
  target_id: string;
  status: "queued" | "rendering" | "completed" | "failed" | "cancelled";
  progress: number;
  engine: "fast" | "remotion";
  output_url: string | null;
  thumbnail_url: string | null;
  captions_url: string | null;
  error: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  render_ms: number | null;
};
export type PaginatedRemotionRenderJobList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: RemotionRenderJob[];
};
export type Voice = {
  id: string;
  name: string;
  language: string;
  provider: "offline" | "remote";
  gender?: "female" | "male";
  sample_url: string;
};
export type VoiceList = {
  results: Voice[];
  transcription_available: boolean;
};
export type Speech = {
  id: string;
  audio_url: string;
  duration_seconds: number;
  words: {
    text: string;
    start: number;
    end: number;
  }[];
};
export type SpeakRequest = {
  voice_id: string;
  text: string;
  speed?: number;
};
export type BrandKitColors = {
  primary: string;
  secondary: string;
  text: string;
  background: string;
};
export type BrandKitEndCard = {
  enabled: boolean;
  headline: string;
  cta: string;
  url: string;
  seconds: number;
};
export type BrandKit = {
  id: string;
  name: string;
  is_default: boolean;
  colors: BrandKitColors;
  font_id: string | null;
  font_family: string | null;
  logo_url: string | null;
  logo_position:
    "top-left" | "top-right" | "bottom-left" | "bottom-right" | "none";
  logo_scale: number;
  text_style: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  caption_style: "highlight" | "karaoke" | "pop" | "plain";
  end_card: BrandKitEndCard;
  context_id: number | null;
  created_at: string;
  updated_at: string;
};
export type PaginatedBrandKitList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: BrandKit[];
};
export type BrandKitRequest = {
  name: string;
  is_default?: boolean;
  /** #rrggbb each; a colour left out keeps its current value (on create: the default) */
  colors?: {
    primary?: string;
    secondary?: string;
    text?: string;
    background?: string;
  };
  /** a built-in family (Montserrat, Inter, Anton, Bebas Neue, Poppins, Playfair Display) or the id of one of the team’s brand fonts; null: the text style’s own font */
  font_id?: string | null;
  logo_position?:
    "top-left" | "top-right" | "bottom-left" | "bottom-right" | "none";
  /** the logo’s width as a share of the frame’s width */
  logo_scale?: number;
  /** a partial text style, as text walls take it; replaces the kit’s whole text style */
  text_style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  caption_style?: "highlight" | "karaoke" | "pop" | "plain";
  /** a field left out keeps its current value (on create: the default) */
  end_card?: {
    enabled?: boolean;
    headline?: string;
    cta?: string;
    url?: string;
    seconds?: number;
  };
  /** a product context of the team, or null */
  context_id?: number | null;
};
export type PatchedBrandKitRequest = {
  name?: string;
  is_default?: boolean;
  /** #rrggbb each; a colour left out keeps its current value (on create: the default) */
  colors?: {
    primary?: string;
    secondary?: string;
    text?: string;
    background?: string;
  };
  /** a built-in family (Montserrat, Inter, Anton, Bebas Neue, Poppins, Playfair Display) or the id of one of the team’s brand fonts; null: the text style’s own font */
  font_id?: string | null;
  logo_position?:
    "top-left" | "top-right" | "bottom-left" | "bottom-right" | "none";
  /** the logo’s width as a share of the frame’s width */
  logo_scale?: number;
  /** a partial text style, as text walls take it; replaces the kit’s whole text style */
  text_style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  caption_style?: "highlight" | "karaoke" | "pop" | "plain";
  /** a field left out keeps its current value (on create: the default) */
  end_card?: {
    enabled?: boolean;
    headline?: string;
    cta?: string;
    url?: string;
    seconds?: number;
  };
  /** a product context of the team, or null */
  context_id?: number | null;
};
export type BrandFont = {
  id: string;
  family: string;
  weight: number;
  style: "normal" | "italic";
  format: "ttf" | "otf" | "woff" | "woff2";
  preview_url: string;
  file_url: string;
  created_at: string;
};
export type PaginatedBrandFontList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: BrandFont[];
};
export type TextWallTemplateSettings = {
  background_video_ids: string[];
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  styles?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  }[];
  combine?: "cycle" | "matrix";
  duration_seconds?: number;
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  voice?: TextWallVoice;
  captions?: TextWallCaptions;
  music?: VideoMusic | null;
  /** An end card after each wall. Left out, null or false: none (a kit's card is never added unasked). true: the brand kit's end card, which must be on (`end_card.enabled` of the kit the batch takes, named or the team's default; else a 400 on end_card). An object: a card of its own, each field left out taken from the kit's card (on or off) when there is a kit, else empty (seconds: 3): headline (120 characters at most), cta (60), url (200, http(s) or a bare domain), seconds (1 to 5), color (#rrggbb; default the kit's primary colour, else #7c3aed); it needs a headline, a call to action or an address. The card is added: duration_seconds (or, with a voice left to fit, the speech's length) is the wall's, and the video lasts that plus the card's seconds. It is kept with the video (`end_card`): a kit changed later does not change it. */
  end_card?: (boolean | VideoEndCardFields) | null;
  count?: number;
  tone?: "playful" | "premium" | "urgent" | "educational";
  formula?:
    | (
        | "question"
        | "pov"
        | "number"
        | "objection"
        | "before_after"
        | "list"
        | "curiosity"
        | "challenge"
        | "comparison"
      )
    | (
        | "question"
        | "pov"
        | "number"
        | "objection"
        | "before_after"
        | "list"
        | "curiosity"
        | "challenge"
        | "comparison"
      )[];
  language?: "en" | "fr" | "es" | "de" | "pt" | "it";
};
export type TextWallVideoTemplate = {
  id: string;
  name: string;
  composition: "text-wall";
  brand_kit_id: string | null;
  settings: TextWallTemplateSettings;
  created_at: string;
  updated_at: string;
};
export type HookProductDemoTemplateSettings = {
  hook_video_ids?: string[];
  product_demo_video_ids?: string[];
  /** Hook texts by pair. The pairs are each hook in the order sent with every demo in the order sent; pair i gets overlay_texts[i % n], so one text per pair gives each its own (an empty one: no hook text). */
  overlay_texts?: string[];
  demo_text?: string;
  caption_text?: string;
  product_name?: string;
  end_card_text?: string;
  /** The end card's colour (brandColor). With style.clipFit 'fit' the bars take style.barColor. */
  brand_color?: string;
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  /** Voice-over scripts by pair, as overlay_texts: pair i gets voiceover_texts[i % n] (an empty one: no voice-over). Needs a voice. */
  voiceover_texts?: string[];
  voice?: CompositeVoice;
  captions?: TextWallCaptions;
  music?: VideoMusic | null;
};
export type HookProductDemoVideoTemplate = {
  id: string;
  name: string;
  composition: "hook-product-demo";
  brand_kit_id: string | null;
  settings: HookProductDemoTemplateSettings;
  created_at: string;
  updated_at: string;
};
export type MultiTextWallTemplateSettings = {
  texts?: string[];
  background_video_ids: string[];
  seconds_per_wall?: number;
  transition?: "none" | "fade" | "slide";
  style?: {
    preset?: "bold" | "boxed" | "punchy" | "clean" | "elegant" | "neon";
    fontFamily?:
      | "Montserrat"
      | "Inter"
      | "Anton"
      | "Bebas Neue"
      | "Poppins"
      | "Playfair Display";
    fontWeight?: number;
    fontSize?: number;
    uppercase?: boolean;
    textColor?: string;
    highlightColor?: string;
    highlightWords?: string[];
    position?: "top" | "center" | "bottom";
    align?: "left" | "center" | "right";
    decoration?: "none" | "box" | "outline" | "shadow";
    boxColor?: string;
    backgroundDim?: number;
    clipFit?: "fill" | "fit" | "blur";
    barColor?: string;
    animation?: "none" | "fade" | "pop" | "slide-up" | "word-by-word";
  };
  aspect?: "9:16" | "1:1" | "16:9" | "4:5";
  music?: VideoMusic | null;
  /** An end card after the last wall. Left out, null or false: none (a kit's card is never added unasked). true: the brand kit's end card, which must be on (`end_card.enabled` of the kit the batch takes, named or the team's default; else a 400 on end_card). An object: a card of its own, each field left out taken from the kit's card (on or off) when there is a kit, else empty (seconds: 3): headline (120 characters at most), cta (60), url (200, http(s) or a bare domain), seconds (1 to 5), color (#rrggbb; default the kit's primary colour, else #7c3aed); it needs a headline, a call to action or an address. The card is added: the walls keep their seconds, and the video lasts that plus the card's seconds. It is kept with the video (`end_card`): a kit changed later does not change it. */
  end_card?: (boolean | VideoEndCardFields) | null;
};
export type MultiTextWallVideoTemplate = {
  id: string;
  name: string;
  composition: "multi-text-wall";
  brand_kit_id: string | null;
  settings: MultiTextWallTemplateSettings;
  created_at: string;
  updated_at: string;
};
export type VideoTemplate =
  | TextWallVideoTemplate
  | HookProductDemoVideoTemplate
  | MultiTextWallVideoTemplate;
export type PaginatedVideoTemplateList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: VideoTemplate[];
};
export type VideoTemplateRequest =
  | {
      name: string;
      composition: "text-wall";
      /** one of the team’s brand kits, or null: the batch takes none. A kit deleted later leaves it null. */
      brand_kit_id?: string | null;
      settings?: TextWallTemplateSettings;
    }
  | {
      name: string;
      composition: "hook-product-demo";
      /** one of the team’s brand kits, or null: the batch takes none. A kit deleted later leaves it null. */
      brand_kit_id?: string | null;
      settings?: HookProductDemoTemplateSettings;
    }
  | {
      name: string;
      composition: "multi-text-wall";
      /** one of the team’s brand kits, or null: the batch takes none. A kit deleted later leaves it null. */
      brand_kit_id?: string | null;
      settings?: MultiTextWallTemplateSettings;
    };
export type PatchedVideoTemplateRequest = {
  name?: string;
  /** one of the team’s brand kits, or null: the batch takes none. A kit deleted later leaves it null. */
  brand_kit_id?: string | null;
  /** the whole setup, in place of the one before: the settings of the template’s composition (textWallTemplateSettings, hookProductDemoTemplateSettings or multiTextWallTemplateSettings), checked as on create. The composition itself stays: save a new template for another. */
  settings?: {
    [key: string]: any;
  };
};
export type MusicTrack = {
  id: string;
  name: string;
  duration_seconds: number;
  audio_url: string;
  size_bytes: number;
  created_at: string;
};
export type PaginatedMusicTrackList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: MusicTrack[];
};
export type MusicTrackUploadRequest = {
  /** The audio file (multipart/form-data): MP3, M4A/AAC, WAV, OGG/Opus or FLAC, at most 50 MB, 1 second to 10 minutes. */
  file: Blob;
  name?: string;
};
export type PatchedMusicTrackRequest = {
  name?: string;
};
export type AdResultImport = {
  id: string;
  file_name: string;
  /** the ads manager that wrote the export, from its columns */
  network: "meta" | "tiktok" | "google" | "unknown";
  /** the currency of its money columns (ISO 4217), when the export says */
  currency: string | null;
  /** rows of ads read (totals rows and rejected rows not counted) */
  rows: number;
  /** rows of this import still counted: a later import of the same ads and periods replaces them */
  current_rows: number;
  /** rows whose ad, creative or video name carries an ad code of one of the team’s videos */
  matched: number;
  /** the ad names of the other rows (at most 200): a code of another team counts as none */
  unmatched: string[];
  unmatched_count: number;
  columns: {
    /** field → the export’s column: impressions, reach, clicks, spend, conversions, purchase_value, plays_2s, plays_3s, plays_6s, completed_views, period_start, period_end, day, ad_name, ad_id, … */
    mapped: {
      [key: string]: string;
    };
    /** the other columns, kept as written with each row */
    kept: string[];
  };
  /** the reporting period: the date-range line above the header, else the rows’ first and last day */
  period: {
    /** YYYY-MM-DD */
    start: string;
    /** YYYY-MM-DD */
    end: string;
  } | null;
  /** rows whose period overlaps another period of the same ad imported before (at most 200): the insights count only the one imported last */
  overlaps: {
    ad_name: string;
    period: {
      /** YYYY-MM-DD */
      start: string;
      /** YYYY-MM-DD */
      end: string;
    } | null;
    earlier_period: {
      /** YYYY-MM-DD */
      start: string;
      /** YYYY-MM-DD */
      end: string;
    } | null;
  }[];
  created_at: string;
};
export type PaginatedAdResultImportList = {
  count: number;
  next: string | null;
  previous: string | null;
  results: AdResultImport[];
};
export type AdResultImportCreated = {
  id: string;
  file_name: string;
  /** the ads manager that wrote the export, from its columns */
  network: "meta" | "tiktok" | "google" | "unknown";
  /** the currency of its money columns (ISO 4217), when the export says */
  currency: string | null;
  /** rows of ads read (totals rows and rejected rows not counted) */
  rows: number;
  /** rows of this import still counted: a later import of the same ads and periods replaces them */
  current_rows: number;
  /** rows whose ad, creative or video name carries an ad code of one of the team’s videos */
  matched: number;
  /** the ad names of the other rows (at most 200): a code of another team counts as none */
  unmatched: string[];
  unmatched_count: number;
  columns: {
    /** field → the export’s column: impressions, reach, clicks, spend, conversions, purchase_value, plays_2s, plays_3s, plays_6s, completed_views, period_start, period_end, day, ad_name, ad_id, … */
    mapped: {
      [key: string]: string;
    };
    /** the other columns, kept as written with each row */
    kept: string[];
  };
  /** the reporting period: the date-range line above the header, else the rows’ first and last day */
  period: {
    /** YYYY-MM-DD */
    start: string;
    /** YYYY-MM-DD */
    end: string;
  } | null;
  /** rows whose period overlaps another period of the same ad imported before (at most 200): the insights count only the one imported last */
  overlaps: {
    ad_name: string;
    period: {
      /** YYYY-MM-DD */
      start: string;
      /** YYYY-MM-DD */
      end: string;
    } | null;
    earlier_period: {
      /** YYYY-MM-DD */
      start: string;
      /** YYYY-MM-DD */
      end: string;
    } | null;
  }[];
  created_at: string;
  /** rows of the same ad and period imported before, replaced by this import’s figures (none counted twice) */
  replaced: number;
  overlap_count: number;
  /** totals rows skipped ("Total: Account", a summary row without an ad) */
  totals_skipped: number;
  /** rows not counted, with the reason (a negative or impossible figure, a cell that is no number, the same ad and period twice); at most 200 */
  rejected: {
    line: number;
    ad_name: string;
    reason: string;
  }[];
  rejected_count: number;
};
export type InsightGroup = {
  key: string;
  label: string;
  videos: number;
  /** the group’s videos, most impressions first */
  video_ids: string[];
  ad_codes: string[];
  /** the kind of video_ids[0] */
  first_video_type: "text_wall" | "composite";
  impressions: number;
  clicks: number | null;
  /** clicks ÷ impressions, a fraction */
  ctr: number | null;
  /** the 95% Wilson interval of the CTR */
  ctr_low: number | null;
  ctr_high: number | null;
  /** 3-second plays ÷ impressions (2-second on TikTok), a fraction */
  hook_rate: number | null;
  /** in the exports’ currency units */
  spend: number | null;
  conversions: number | null;
  /** spend ÷ conversions */
  cost_per_result: number | null;
  /** purchase value ÷ spend */
  roas: number | null;
  /** the chosen metric’s value */
  value: number | null;
  /** its 95% interval (Wilson for the rates; for cpa and roas, the conversion rate’s carried through); null where unbounded */
  value_low: number | null;
  value_high: number | null;
  verdict: "winner" | "behind" | "too_little_data";
};
export type Insights = {
  metric: "ctr" | "hook_rate" | "cpa" | "roas";
  group_by: "video" | "text" | "background" | "style" | "voice" | "brand_kit";
  since: string | null;
  until: string | null;
  /** INSIGHTS_MIN_IMPRESSIONS: under it a group is too_little_data */
  min_impressions: number;
  /** the currencies of the exports counted; money is summed as written, so more than one means spend, CPA and ROAS mix them */
  currencies: string[];
  /** best first */
  results: InsightGroup[];
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
  /** 'local' is the test mode: checkout and portal are this app's own pages; 'none': billing is off (BILLING=none), every team makes videos and nothing can be bought */
  provider: "stripe" | "local" | "none";
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
export type TeamUsage = {
  /** TEAM_MAX_OPEN_RENDERS; past it, calls that make videos answer 429 too_many_open_renders */
  open_renders: {
    /** videos queued or rendering now */
    used: number;
    /** the most the team may have; null when the server sets no limit */
    limit: number | null;
  };
  /** TEAM_MAX_QUEUED_VIDEO_SECONDS; past it, calls that make videos answer 429 too_many_queued_video_seconds */
  queued_video_seconds: {
    /** total length, in seconds, of the videos queued or rendering now */
    used: number;
    /** the most the team may have; null when the server sets no limit */
    limit: number | null;
  };
  /** TEAM_STORAGE_QUOTA_BYTES; past it, uploads and new renders answer 413 storage_quota_exceeded */
  storage_bytes: {
    /** bytes stored: uploaded clips (their declared size) and rendered videos with their thumbnails */
    used: number;
    /** the most the team may have; null when the server sets no limit */
    limit: number | null;
  };
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
  usePostApiAuthPasswordResetMutation,
  usePostApiAuthPasswordResetCheckMutation,
  usePostApiAuthPasswordResetConfirmMutation,
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
  usePostApiContextsFromUrlMutation,
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
  usePostApiBrandVideosByIdTranscribeMutation,
  useGetApiTextWallBackgroundVideosQuery,
  useLazyGetApiTextWallBackgroundVideosQuery,
  usePostApiTextWallBackgroundVideosMutation,
  usePostApiTextWallBackgroundVideosFromBrandVideoMutation,
  useGetApiTextWallBackgroundVideosByIdQuery,
  useLazyGetApiTextWallBackgroundVideosByIdQuery,
  usePutApiTextWallBackgroundVideosByIdMutation,
  usePatchApiTextWallBackgroundVideosByIdMutation,
  useDeleteApiTextWallBackgroundVideosByIdMutation,
  usePostApiTextWallBackgroundVideosByIdUploadUrlMutation,
  usePostApiTextWallBackgroundVideosByIdConfirmUploadMutation,
  useGetApiTextWallVideosQuery,
  useLazyGetApiTextWallVideosQuery,
  usePostApiTextWallVideosMutation,
  usePostApiTextWallVideosBulkCreateMutation,
  usePostApiTextWallVideosGenerateTextsMutation,
  useGetApiTextWallVideosBulkJobStatusByJobIdQuery,
  useLazyGetApiTextWallVideosBulkJobStatusByJobIdQuery,
  useGetApiTextWallVideosByIdQuery,
  useLazyGetApiTextWallVideosByIdQuery,
  usePutApiTextWallVideosByIdMutation,
  usePatchApiTextWallVideosByIdMutation,
  useDeleteApiTextWallVideosByIdMutation,
  usePostApiTextWallVideosByIdRenderMutation,
  useGetApiTextWallVideosByIdRenderStatusQuery,
  useLazyGetApiTextWallVideosByIdRenderStatusQuery,
  useGetApiCompositeVideosQuery,
  useLazyGetApiCompositeVideosQuery,
  usePostApiCompositeVideosMutation,
  useGetApiCompositeVideosCompositionConfigsQuery,
  useLazyGetApiCompositeVideosCompositionConfigsQuery,
  usePostApiCompositeVideosBulkCreateHookProductDemoMutation,
  usePostApiCompositeVideosMultitextwallMutation,
  useGetApiCompositeVideosByIdQuery,
  useLazyGetApiCompositeVideosByIdQuery,
  usePutApiCompositeVideosByIdMutation,
  usePatchApiCompositeVideosByIdMutation,
  useDeleteApiCompositeVideosByIdMutation,
  usePostApiCompositeVideosByIdRenderMutation,
  useGetApiCompositeVideosByIdRenderStatusQuery,
  useLazyGetApiCompositeVideosByIdRenderStatusQuery,
  useGetApiVideosQuery,
  useLazyGetApiVideosQuery,
  useGetApiRemotionRenderJobsQuery,
  useLazyGetApiRemotionRenderJobsQuery,
  useGetApiRemotionRenderJobsByIdQuery,
  useLazyGetApiRemotionRenderJobsByIdQuery,
  usePostApiRemotionRenderJobsByIdCancelMutation,
  useGetApiVoicesQuery,
  useLazyGetApiVoicesQuery,
  useGetApiVoicesByIdSampleQuery,
  useLazyGetApiVoicesByIdSampleQuery,
  usePostApiVoicesSpeakMutation,
  useGetApiBrandKitsQuery,
  useLazyGetApiBrandKitsQuery,
  usePostApiBrandKitsMutation,
  useGetApiBrandKitsByIdQuery,
  useLazyGetApiBrandKitsByIdQuery,
  usePatchApiBrandKitsByIdMutation,
  useDeleteApiBrandKitsByIdMutation,
  usePostApiBrandKitsByIdLogoMutation,
  useDeleteApiBrandKitsByIdLogoMutation,
  useGetApiBrandFontsQuery,
  useLazyGetApiBrandFontsQuery,
  usePostApiBrandFontsMutation,
  useGetApiBrandFontsByIdQuery,
  useLazyGetApiBrandFontsByIdQuery,
  useDeleteApiBrandFontsByIdMutation,
  useGetApiVideoTemplatesQuery,
  useLazyGetApiVideoTemplatesQuery,
  usePostApiVideoTemplatesMutation,
  useGetApiVideoTemplatesByIdQuery,
  useLazyGetApiVideoTemplatesByIdQuery,
  usePatchApiVideoTemplatesByIdMutation,
  useDeleteApiVideoTemplatesByIdMutation,
  useGetApiMusicTracksQuery,
  useLazyGetApiMusicTracksQuery,
  usePostApiMusicTracksMutation,
  useGetApiMusicTracksByIdQuery,
  useLazyGetApiMusicTracksByIdQuery,
  usePatchApiMusicTracksByIdMutation,
  useDeleteApiMusicTracksByIdMutation,
  useGetApiAdResultsImportsQuery,
  useLazyGetApiAdResultsImportsQuery,
  usePostApiAdResultsImportsMutation,
  useGetApiAdResultsImportsByIdQuery,
  useLazyGetApiAdResultsImportsByIdQuery,
  useDeleteApiAdResultsImportsByIdMutation,
  useGetApiInsightsQuery,
  useLazyGetApiInsightsQuery,
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
  useGetAByTeamSlugSubscriptionApiUsageQuery,
  useLazyGetAByTeamSlugSubscriptionApiUsageQuery,
  usePostSubscriptionStripeWebhookMutation,
  useGetSubscriptionLocalApiCheckoutByIdQuery,
  useLazyGetSubscriptionLocalApiCheckoutByIdQuery,
  usePostSubscriptionLocalApiCheckoutByIdPayMutation,
  usePostSubscriptionLocalApiCheckoutByIdCancelMutation,
} = injectedRtkApi;
