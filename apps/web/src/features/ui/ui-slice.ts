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
      state.currentTeam = action.payload;
    },
    initialDataFetched(state, action: PayloadAction<boolean>) {
      state.isInitialDataFetched = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase('session/loggedOut', () => initialState);
  },
});

export const { modalOpened, modalClosed, currentTeamSet, initialDataFetched } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
