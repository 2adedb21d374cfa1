import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyticsConfig, identifyUser, recordPageView, SESSION_IDLE_SECONDS, trackMarketing } from './analytics';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('third parties', () => {
  it('the marketing helper warns and does nothing when the tool is not initialised', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    trackMarketing('track', 'Lead');
    expect(warn).toHaveBeenCalledWith('Marketing pixel is not initialised; event not sent:', 'Lead');
  });

  it('without keys nothing is loaded or sent', async () => {
    expect(analyticsConfig.posthogKey).toBeUndefined();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    recordPageView('/');
    identifyUser({ id: 1, email: 'a@example.com' });
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a session ends after 30 idle minutes', () => {
    expect(SESSION_IDLE_SECONDS).toBe(1800);
  });
});
