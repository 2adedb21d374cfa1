import { useEffect, useRef } from 'react';
import { api, useGetApiAuthUserQuery, useGetTeamsApiTeamsQuery, useLazyGetTeamsApiTeamsGetOrCreateTeamQuery } from '@/api/api';
import { refreshAccessToken } from '@/api/base-api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { mayOfferSubscriptionAt, subscriptionRequiredModalOpened } from '@/app/subscription-required';
import { currentTeamSet, initialDataFetched, rememberedTeamId } from '@/app/ui-slice';
import { accessTokenDropped, loggedOut, userLoaded } from '@/app/session-slice';
import { tokenStorage } from '@/app/token-storage';

/** Current user polled every 60 s while an access token is held. */
export const USER_POLLING_MS = 60_000;

/**
 * Validates the stored session before it counts as authenticated: the current
 * user is fetched with the access token; without one, a refresh is tried; on failure, logout.
 */
export function SessionManager() {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.session.token);
  const refreshToken = useAppSelector((s) => s.session.refreshToken);
  const hasRetried = useRef(false);
  /** The failed current-user request that led to the refresh: its error says nothing of the new token. */
  const retriedRequestId = useRef<string | undefined>(undefined);

  const user = useGetApiAuthUserQuery(undefined, { skip: !token, pollingInterval: token ? USER_POLLING_MS : 0 });

  useEffect(() => {
    if (user.data) {
      hasRetried.current = false;
      dispatch(userLoaded(user.data));
    }
  }, [user.data, dispatch]);

  // the current-user call failed for a reason other than the network: drop the access token and refresh once
  useEffect(() => {
    if (!user.isError || !token) return;
    const status = (user.error as { status?: unknown } | undefined)?.status;
    if (typeof status !== 'number') return;
    // once refreshed, the old error is still shown until the user is asked for with the new token
    if (hasRetried.current && user.requestId === retriedRequestId.current) return;
    if (hasRetried.current || !tokenStorage.getRefresh()) {
      dispatch(loggedOut());
      return;
    }
    hasRetried.current = true;
    retriedRequestId.current = user.requestId;
    dispatch(accessTokenDropped());
  }, [user.isError, user.error, user.requestId, token, dispatch]);

  // no access token but a refresh token: refresh, then the user query above validates the session
  useEffect(() => {
    if (token || !refreshToken) return;
    let isCancelled = false;
    void refreshAccessToken(dispatch).then((ok) => {
      if (isCancelled) return;
      if (ok) dispatch(api.util.invalidateTags(['users']));
      else dispatch(loggedOut());
    });
    return () => {
      isCancelled = true;
    };
  }, [token, refreshToken, dispatch]);

  return <TeamManager />;
}

/** After login the first team becomes the current team; without an active subscription the modal opens. */
function TeamManager() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.session.isAuthenticated && s.session.isTokenValidated);
  const currentTeam = useAppSelector((s) => s.ui.currentTeam);
  const isFetched = useAppSelector((s) => s.ui.isInitialDataFetched);
  const teams = useGetTeamsApiTeamsQuery({ pageSize: 100 }, { skip: !isAuthenticated });
  const [getOrCreateTeam] = useLazyGetTeamsApiTeamsGetOrCreateTeamQuery();
  const isCreatingTeam = useRef(false);

  useEffect(() => {
    const list = teams.data?.results;
    if (!list) return;
    if (list.length === 0) {
      // every signed-in user has a team (docs/ui.md, Shell): one named after them is made when they have none
      if (!isCreatingTeam.current) {
        isCreatingTeam.current = true;
        void getOrCreateTeam()
          .then(() => dispatch(api.util.invalidateTags(['teams'])))
          .finally(() => (isCreatingTeam.current = false));
      }
      return;
    }
    const wantedId = currentTeam?.id ?? rememberedTeamId();
    const fresh = wantedId ? list.find((t) => t.id === wantedId) : undefined;
    // a team just created or joined is missing from the list until the refetch lands
    if (currentTeam && !fresh && teams.isFetching) return;
    const next = fresh ?? list[0]!;
    if (next !== currentTeam) dispatch(currentTeamSet(next));
    if (!isFetched) {
      dispatch(initialDataFetched(true));
      if (!next.has_active_subscription && mayOfferSubscriptionAt(window.location)) dispatch(subscriptionRequiredModalOpened());
    }
  }, [teams.data, teams.isFetching, currentTeam, isFetched, dispatch, getOrCreateTeam]);

  return null;
}
