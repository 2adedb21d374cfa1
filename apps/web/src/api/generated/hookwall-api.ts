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
export type CustomUser = {
  id: number;
  email: string;
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
export type Membership = {
  id: number;
  user_id: number;
  display_name: string;
  email: string;
  avatar_url: string | null;
  role: string;
  created_at: string;
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
export type Team = {
  id: number;
  name: string;
  slug: string;
  members: Membership[];
  invitations: Invitation[];
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
} = injectedRtkApi;
