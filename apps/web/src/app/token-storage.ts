/** The only keys the client keeps in local storage: the original client's four (docs/ui.md). */
export const STORAGE_KEYS = { access: 'accessToken', refresh: 'refreshToken', tempOtp: 'tempOtpToken', theme: 'theme' } as const;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage may be unavailable (private mode); the session then lives in memory only
  }
}

export const tokenStorage = {
  getAccess: () => read(STORAGE_KEYS.access),
  getRefresh: () => read(STORAGE_KEYS.refresh),
  getTempOtp: () => read(STORAGE_KEYS.tempOtp),
  setAccess: (token: string | null) => write(STORAGE_KEYS.access, token),
  setRefresh: (token: string | null) => write(STORAGE_KEYS.refresh, token),
  setTempOtp: (token: string | null) => write(STORAGE_KEYS.tempOtp, token),
  clear() {
    write(STORAGE_KEYS.access, null);
    write(STORAGE_KEYS.refresh, null);
    write(STORAGE_KEYS.tempOtp, null);
  },
  /** The theme is always light; there is no dark mode (docs/ui.md, Look). */
  forceLightTheme() {
    write(STORAGE_KEYS.theme, 'light');
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  },
};
