import { combineReducers, configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@/api/base-api';
import { CLIENT_ERROR_MESSAGES } from '@/api/errors';
import { toast } from '@/components/ui/use-toast';
import { sessionReducer } from '@/app/session-slice';
import { uiReducer } from '@/app/ui-slice';

const rootReducer = combineReducers({
  session: sessionReducer,
  ui: uiReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Network-level failures (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR) get a visible message wherever they happen. */
const clientErrors = createListenerMiddleware();
clientErrors.startListening({
  matcher: isRejectedWithValue,
  effect: (action) => {
    const status = (action.payload as { status?: unknown } | undefined)?.status;
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 'PARSING_ERROR') {
      toast({ variant: 'destructive', title: 'Connection problem', description: CLIENT_ERROR_MESSAGES[status] });
    }
  },
});

/**
 * Team data is fetched with the team in a header, which RTK Query's cache key does not see: when
 * the current team changes, every cached team-data query is invalidated so nothing shows the
 * previous team's data (the user and the team list are not team data and stay).
 */
const teamSwitch = createListenerMiddleware();
teamSwitch.startListening({
  predicate: (_action, current, previous) => {
    const before = (previous as RootState).ui.currentTeam?.slug;
    const after = (current as RootState).ui.currentTeam?.slug;
    return before !== undefined && after !== undefined && before !== after;
  },
  effect: (_action, api) => {
    api.dispatch(baseApi.util.invalidateTags(['api', 'Brand Videos', 'Composite Videos', 'Text Wall Videos', 'subscriptions', 'dashboard']));
  },
});

export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(clientErrors.middleware, teamSwitch.middleware).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
