import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env';

describe('web app configuration', () => {
  it('turns every feature off when nothing is set, and treats empty values as unset', () => {
    expect(parseWebEnv({})).toEqual({ VITE_POSTHOG_HOST: 'https://us.i.posthog.com' });
    expect(parseWebEnv({ VITE_POSTHOG_KEY: '  ', VITE_SUPPORT_CHAT_URL: '' }).VITE_POSTHOG_KEY).toBeUndefined();
  });

  it('reads the keys it knows and ignores the rest of Vite env', () => {
    const env = parseWebEnv({ VITE_POSTHOG_KEY: 'phc_1', VITE_SUPPORT_CHAT_URL: 'https://chat.example.com', MODE: 'production', DEV: false });
    expect(env).toEqual({ VITE_POSTHOG_KEY: 'phc_1', VITE_POSTHOG_HOST: 'https://us.i.posthog.com', VITE_SUPPORT_CHAT_URL: 'https://chat.example.com' });
  });

  it('names a malformed URL', () => {
    expect(() => parseWebEnv({ VITE_SUPPORT_CHAT_URL: 'not a url' })).toThrow(/VITE_SUPPORT_CHAT_URL/);
  });
});
