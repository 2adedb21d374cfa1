import { baseApi } from '@/api/base-api';

/**
 * TEMPORARY: the voices endpoints until the API's branch lands and `npm run codegen` generates
 * them (then this file re-exports the generated hooks and types).
 */
export interface Voice {
  id: string;
  name: string;
  language: string;
  provider: 'offline' | 'remote';
  gender?: 'female' | 'male';
  sample_url: string;
}
export interface SpeechAsset {
  id: string;
  audio_url: string;
  duration_seconds: number;
  words: { text: string; start: number; end: number }[];
}

const voicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getApiVoices: build.query<{ results: Voice[] }, void>({ query: () => ({ url: '/api/voices/' }) }),
    postApiVoicesSpeak: build.mutation<SpeechAsset, { speakRequest: { voice_id: string; text: string; speed: number } }>({
      query: (arg) => ({ url: '/api/voices/speak/', method: 'POST', body: arg.speakRequest }),
    }),
  }),
});

export const { useGetApiVoicesQuery, usePostApiVoicesSpeakMutation } = voicesApi;
