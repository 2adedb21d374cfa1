import { useCallback } from 'react';
import { api, usePostApiAuthLogoutMutation } from '@/api/api';
import { useAppDispatch } from '@/app/hooks';
import { loggedOut } from '@/app/session-slice';
import { tokenStorage } from '@/app/token-storage';

/** Logout clears the session even if the server call fails; the guard then sends the user to /login. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const [logout] = usePostApiAuthLogoutMutation();
  return useCallback(async () => {
    const refresh = tokenStorage.getRefresh() ?? undefined;
    try {
      await logout({ body: { refresh } }).unwrap();
    } catch (error) {
      console.error('Logout call failed; logging out locally', error);
    }
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch, logout]);
}
