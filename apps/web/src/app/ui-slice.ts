import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Team } from '@/api/generated/hookwall-api';

export type ModalName = 'createTeamModal' | 'createProductContextModal' | 'subscriptionRequiredModal';

export interface ModalState {
  name: ModalName | null;
  isOpen: boolean;
  isCloseable: boolean;
  /** overrides of the 'Action required' toast shown when a not-closeable modal is dismissed */
  blockedTitle?: string;
  blockedDescription?: string;
}

export interface UiState {
  modal: ModalState;
  currentTeam: Team | null;
  isInitialDataFetched: boolean;
}

/**
 * The team chosen in this tab survives a reload (sessionStorage, so local storage keeps only the
 * four keys of token-storage.ts); a new login starts again from the first team.
 */
const CURRENT_TEAM_KEY = 'hookwall.currentTeamId';
export function rememberedTeamId(): number | null {
  try {
    const value = Number(window.sessionStorage.getItem(CURRENT_TEAM_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}
function rememberTeam(id: number | null) {
  try {
    if (id === null) window.sessionStorage.removeItem(CURRENT_TEAM_KEY);
    else window.sessionStorage.setItem(CURRENT_TEAM_KEY, String(id));
  } catch {
    // storage unavailable: the choice lasts until reload
  }
}

const initialState: UiState = {
  modal: { name: null, isOpen: false, isCloseable: true },
  currentTeam: null,
  isInitialDataFetched: false,
};

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    modalOpened(state, action: PayloadAction<{ name: ModalName; isCloseable?: boolean; blockedTitle?: string; blockedDescription?: string }>) {
      const { name, isCloseable = true, blockedTitle, blockedDescription } = action.payload;
      state.modal = { name, isOpen: true, isCloseable, blockedTitle, blockedDescription };
    },
    modalClosed(state) {
      state.modal = { name: null, isOpen: false, isCloseable: true };
    },
    currentTeamSet(state, action: PayloadAction<Team | null>) {
      rememberTeam(action.payload?.id ?? null);
      state.currentTeam = action.payload;
    },
    initialDataFetched(state, action: PayloadAction<boolean>) {
      state.isInitialDataFetched = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase('session/loggedOut', () => {
      rememberTeam(null);
      return initialState;
    });
    builder.addCase('session/loggedIn', (state) => {
      rememberTeam(null);
      state.currentTeam = null;
      state.isInitialDataFetched = false;
    });
  },
});

export const { modalOpened, modalClosed, currentTeamSet, initialDataFetched } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
