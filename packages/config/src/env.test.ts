import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_EARLY_SUPPORTER: 'price_plan',
  STRIPE_PRICE_CREDITS_100: 'price_100',
  STRIPE_PRICE_CREDITS_500: 'price_500',
};
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...env });
/** the error loadConfig throws, as the start prints it */
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('BILLING', () => {
  it('under NODE_ENV=production must be chosen: without it the configuration is refused, in one line', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toMatch(/^Invalid configuration: BILLING is not set\. Under NODE_ENV=production choose it: BILLING=stripe .* BILLING=none .* BILLING=local .*\.$/);
    expect(message).not.toContain('\n');
    // Stripe keys alone are not a choice either
    expect(refusal({ NODE_ENV: 'production', ...STRIPE })).toMatch(/^Invalid configuration: BILLING is not set/);
  });

  it('under NODE_ENV=production each mode chosen on purpose runs', () => {
    expect(load({ NODE_ENV: 'production', BILLING: 'none' }).BILLING).toBe('none');
    expect(load({ NODE_ENV: 'production', BILLING: 'local' }).BILLING).toBe('local');
    expect(load({ NODE_ENV: 'production', BILLING: 'stripe', ...STRIPE }).BILLING).toBe('stripe');
  });

  it('outside production the default stays: Stripe with a key, else the local test checkout', () => {
    expect(load({}).BILLING).toBe('local');
    expect(load({ NODE_ENV: 'test' }).BILLING).toBe('local');
    expect(load({ NODE_ENV: 'development', ...STRIPE }).BILLING).toBe('stripe');
    expect(load({ BILLING: 'none' }).BILLING).toBe('none');
  });

  it('refuses a choice its settings contradict, and an unknown mode', () => {
    const { STRIPE_SECRET_KEY: _key, ...withoutKey } = STRIPE;
    expect(refusal({ BILLING: 'stripe' })).toBe(
      'Invalid configuration: BILLING=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_EARLY_SUPPORTER, STRIPE_PRICE_CREDITS_100, STRIPE_PRICE_CREDITS_500.',
    );
    expect(refusal({ NODE_ENV: 'production', BILLING: 'stripe', ...withoutKey })).toBe('Invalid configuration: BILLING=stripe needs STRIPE_SECRET_KEY.');
    expect(refusal({ NODE_ENV: 'production', BILLING: 'none', ...STRIPE })).toBe('Invalid configuration: BILLING=none but STRIPE_SECRET_KEY is set: choose BILLING=stripe, or remove the key.');
    expect(refusal({ BILLING: 'local', STRIPE_SECRET_KEY: 'sk_test_x', ...withoutKey })).toMatch(/^Invalid configuration: BILLING=local but STRIPE_SECRET_KEY is set/);
    expect(refusal({ NODE_ENV: 'production', BILLING: 'free' })).toMatch(/^Invalid configuration: BILLING: Invalid option: expected one of "stripe"\|"none"\|"local"$/);
  });

  it('commands that bill nobody (migrate) load without a choice', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }, {}, { billing: false })).not.toThrow();
  });
});

describe('speech settings', () => {
  it('offline by default; TTS_VOICES is a trimmed comma list, and a bad endpoint URL is refused', () => {
    const config = load({});
    expect(config.TTS_BASE_URL).toBeUndefined();
    expect(config.TTS_MODEL).toBe('tts-1');
    expect(config.STT_MODEL).toBe('whisper-1');
    expect(config.SPEECH_TIMEOUT_MS).toBe(30_000);
    expect(load({ TTS_BASE_URL: 'http://localhost:8880/v1', TTS_VOICES: ' af_bella , am_adam ,' }).TTS_VOICES).toEqual(['af_bella', 'am_adam']);
    expect(refusal({ TTS_BASE_URL: 'not a url' })).toMatch(/^Invalid configuration: TTS_BASE_URL: /);
    expect(refusal({ SPEECH_TIMEOUT_MS: '5' })).toMatch(/^Invalid configuration: SPEECH_TIMEOUT_MS: /);
  });
});

describe('URL import settings', () => {
  it('allows no private host by default; URL_IMPORT_ALLOW_HOSTS is a trimmed, lower-cased comma list', () => {
    const config = load({});
    expect(config.URL_IMPORT_ALLOW_HOSTS).toEqual([]);
    expect(config.URL_IMPORT_TIMEOUT_MS).toBe(10_000);
    expect(load({ URL_IMPORT_ALLOW_HOSTS: ' Shop.Intranet , 127.0.0.1,,10.1.0.0/16 ' }).URL_IMPORT_ALLOW_HOSTS).toEqual(['shop.intranet', '127.0.0.1', '10.1.0.0/16']);
    expect(refusal({ URL_IMPORT_ALLOW_HOSTS: '10.0.0.0/33' })).toMatch(/^Invalid configuration: URL_IMPORT_ALLOW_HOSTS: /);
    expect(refusal({ URL_IMPORT_ALLOW_HOSTS: 'http://shop.test/' })).toMatch(/^Invalid configuration: URL_IMPORT_ALLOW_HOSTS: /);
    expect(refusal({ URL_IMPORT_TIMEOUT_MS: '5' })).toMatch(/^Invalid configuration: URL_IMPORT_TIMEOUT_MS: /);
  });
});
