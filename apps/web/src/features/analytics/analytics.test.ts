import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '@/test/console';
import { sentRequests } from '@/test/msw';
import { analyticsConfig, identifyUser, recordPageView, SESSION_IDLE_SECONDS, trackMarketing } from './analytics';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('third parties', () => {
  it('the marketing helper warns and does nothing when the tool is not initialised', () => {
    expectConsole(/^Marketing pixel is not initialised; event not sent:/);
    const warn = vi.spyOn(console, 'warn');
    trackMarketing('track', 'Lead');
    expect(warn).toHaveBeenCalledWith('Marketing pixel is not initialised; event not sent:', 'Lead');
  });

  it('without keys nothing is loaded or sent', async () => {
    expect(analyticsConfig.posthogKey).toBeUndefined();
    expect(analyticsConfig.marketingPixelId).toBeUndefined();
    recordPageView('/');
    identifyUser({ id: 1, email: 'a@example.com' });
    await new Promise((r) => setTimeout(r, 10));
    // any request (fetch or XMLHttpRequest) would have reached the MSW server
    expect(sentRequests).toEqual([]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('a session ends after 30 idle minutes', () => {
    expect(SESSION_IDLE_SECONDS).toBe(1800);
  });
});
