import { combineReducers, configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@/api/base-api';
import { CLIENT_ERROR_MESSAGES } from '@/api/errors';
import { toast } from '@/components/ui/use-toast';
import { sessionReducer } from '@/features/session/session-slice';
import { uiReducer } from '@/features/ui/ui-slice';

const rootReducer = combineReducers({
  session: sessionReducer,
  ui: uiReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Network-level failures (spec section 8) get a visible message wherever they happen. */
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

export function createStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(clientErrors.middleware).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
