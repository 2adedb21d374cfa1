/** The session feature's public entry. */
export { SessionManager } from './session-manager';
export { useLogout } from './use-logout';
export { ReauthenticateDialog } from './reauthenticate-dialog';
