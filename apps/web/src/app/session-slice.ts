import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CustomUser } from '@/api/generated/hookwall-api';
import { tokenStorage } from './token-storage';

/** The client session state, with the original client's fields. */
export interface SessionState {
  user: CustomUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isTokenValidated: boolean;
  isLoading: boolean;
  error: string | null;
  otpRequired: boolean;
  tempOtpToken: string | null;
  /** the server asked for a new sign-in before a change (403 reauthentication_required): its message, while the dialog asks */
  reauthentication: { detail: string } | null;
}

export function initialSessionState(): SessionState {
  const tempOtpToken = tokenStorage.getTempOtp();
  return {
    user: null,
    token: tokenStorage.getAccess(),
    refreshToken: tokenStorage.getRefresh(),
    isAuthenticated: false,
    isTokenValidated: false,
    isLoading: false,
    error: null,
    otpRequired: tempOtpToken !== null,
    tempOtpToken,
    reauthentication: null,
  };
}

export interface TokenPayload {
  access: string;
  refresh: string;
  user: CustomUser;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<TokenPayload>) {
      tokenStorage.setAccess(action.payload.access);
      tokenStorage.setRefresh(action.payload.refresh);
      tokenStorage.setTempOtp(null);
      state.token = action.payload.access;
      state.refreshToken = action.payload.refresh;
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.isTokenValidated = true;
      state.isLoading = false;
      state.error = null;
      state.otpRequired = false;
      state.tempOtpToken = null;
    },
    otpRequested(state, action: PayloadAction<string>) {
      tokenStorage.setTempOtp(action.payload);
      state.otpRequired = true;
      state.tempOtpToken = action.payload;
    },
    otpCancelled(state) {
      tokenStorage.setTempOtp(null);
      state.otpRequired = false;
      state.tempOtpToken = null;
    },
    reauthenticationRequested(state, action: PayloadAction<{ detail: string }>) {
      state.reauthentication = action.payload;
    },
    reauthenticationEnded(state) {
      state.reauthentication = null;
    },
    /** A new sign-in in the middle of a session (the re-authentication dialog): new tokens, same team and page. */
    reauthenticated(state, action: PayloadAction<TokenPayload>) {
      tokenStorage.setAccess(action.payload.access);
      tokenStorage.setRefresh(action.payload.refresh);
      state.token = action.payload.access;
      state.refreshToken = action.payload.refresh;
      state.user = action.payload.user;
      state.isAuthenticated = true;
      state.isTokenValidated = true;
      state.reauthentication = null;
    },
    tokensRefreshed(state, action: PayloadAction<{ access: string; refresh?: string }>) {
      tokenStorage.setAccess(action.payload.access);
      if (action.payload.refresh) tokenStorage.setRefresh(action.payload.refresh);
      state.token = action.payload.access;
      if (action.payload.refresh) state.refreshToken = action.payload.refresh;
      state.isAuthenticated = true;
    },
    accessTokenDropped(state) {
      tokenStorage.setAccess(null);
      state.token = null;
    },
    userLoaded(state, action: PayloadAction<CustomUser>) {
      state.user = action.payload;
      state.isAuthenticated = true;
      state.isTokenValidated = true;
      state.isLoading = false;
    },
    loggedOut(state) {
      tokenStorage.clear();
      state.user = null;
      state.token = null;
      state.refreshToken = null;
      state.isAuthenticated = false;
      state.isTokenValidated = false;
      state.isLoading = false;
      state.otpRequired = false;
      state.tempOtpToken = null;
      state.reauthentication = null;
    },
  },
});

export const {
  loggedIn,
  otpRequested,
  otpCancelled,
  reauthenticationRequested,
  reauthenticationEnded,
  reauthenticated,
  tokensRefreshed,
  accessTokenDropped,
  userLoaded,
  loggedOut,
} = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
