/** The voices endpoints the builder uses (generated from the API's OpenAPI document). */
export { useGetApiVoicesQuery, usePostApiVoicesSpeakMutation, type Voice } from '@/api/api';
