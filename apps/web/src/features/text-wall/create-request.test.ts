import { describe, expect, it } from 'vitest';
import { STEP } from './builder-state';
import { builderFieldErrors, clearFieldErrors, endCardRequest, voiceRequest } from './create-request';

describe('the voice part of the bulk request', () => {
  const base = { voiceId: null, speed: 1.4, captionStyle: 'karaoke' as const, fitVoice: true, duration: 12 };
  it('is the length alone without a voice, and the voice, captions and no length when the video fits the voice', () => {
    expect(voiceRequest(base)).toEqual({ duration_seconds: 12 });
    expect(voiceRequest({ ...base, voiceId: 'espeak:fr' })).toEqual({ voice: { voice_id: 'espeak:fr', speed: 1.4 }, captions: { style: 'karaoke' } });
    expect(voiceRequest({ ...base, voiceId: 'espeak:fr', fitVoice: false })).toEqual({ voice: { voice_id: 'espeak:fr', speed: 1.4 }, captions: { style: 'karaoke' }, duration_seconds: 12 });
  });
});

describe('the end card part of the bulk request', () => {
  const card = { headline: 'Glow', cta: 'Shop now', url: '', seconds: 2, color: '#1d3557' };
  it("asks for the kit's card when the switch is on and the kit has one, else for none", () => {
    expect(endCardRequest({ endCard: true }, card)).toEqual({ end_card: true });
    expect(endCardRequest({ endCard: true }, null)).toEqual({});
    expect(endCardRequest({ endCard: false }, card)).toEqual({});
  });

  it("puts the API's end_card errors under the switch, in the Style step, gone when the switch or the kit changes", () => {
    const errors = builderFieldErrors({ end_card: 'The brand kit’s end card is off.' });
    expect(errors).toMatchObject({ endCard: 'The brand kit’s end card is off.', step: STEP.style });
    expect(builderFieldErrors({ 'end_card.url': 'Enter a web address.' })).toMatchObject({ endCard: 'Enter a web address.', step: STEP.style });
    expect(clearFieldErrors(errors, { type: 'set', patch: { endCard: false } })).not.toHaveProperty('endCard');
    expect(clearFieldErrors(errors, { type: 'set', patch: { brandKit: 'none' } })).not.toHaveProperty('endCard');
    expect(clearFieldErrors(errors, { type: 'set', patch: { aspect: '1:1' } })).toHaveProperty('endCard');
  });
});

describe('the API’s field errors in the builder', () => {
  it('puts each under its field and opens the first step with one', () => {
    const errors = builderFieldErrors({ 'voice.speed': 'Too fast.', captions: 'Captions need a voice.', duration_seconds: 'Text 2 does not fit.' });
    expect(errors).toMatchObject({ speed: 'Too fast.', captions: 'Captions need a voice.', duration: 'Text 2 does not fit.', step: STEP.voice });
    expect(builderFieldErrors({ 'voice.voice_id': 'Unknown voice.' })).toMatchObject({ voice: 'Unknown voice.', step: STEP.voice });
    // a text named by its index, or by the message of a `texts` error
    expect(builderFieldErrors({ 'texts.2': 'Too long.' }).texts).toEqual({ 2: 'Too long.' });
    expect(builderFieldErrors({ texts: 'Text 4 takes 62 s to say; a video lasts at most 60 s.' })).toMatchObject({ texts: { 3: 'Text 4 takes 62 s to say; a video lasts at most 60 s.' }, step: STEP.texts });
    expect(builderFieldErrors({ texts: 'At most 50 videos a call.' })).toMatchObject({ texts: {}, textsAll: 'At most 50 videos a call.', step: STEP.texts });
    expect(builderFieldErrors({ detail: 'x' }).step).toBeNull();
  });

  it('drops a field’s message once that field changes', () => {
    const errors = builderFieldErrors({ 'voice.speed': 'Too fast.', duration_seconds: 'Does not fit.', 'texts.0': 'Too long.' });
    const afterSpeed = clearFieldErrors(errors, { type: 'set', patch: { speed: 1 } });
    expect(afterSpeed).not.toHaveProperty('speed');
    expect(afterSpeed).not.toHaveProperty('duration');
    expect(afterSpeed.texts).toEqual({ 0: 'Too long.' });
    expect(clearFieldErrors(errors, { type: 'set', patch: { aspect: '1:1' } })).toMatchObject({ speed: 'Too fast.', duration: 'Does not fit.' });
    expect(clearFieldErrors(errors, { type: 'editText', index: 0, text: 'Shorter' }).texts).toEqual({});
  });
});
