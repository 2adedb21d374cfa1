// What other features use of the text-wall builder: its voices (a composite's voice-over picks one
// the same way), the preview's speech, and the caption styles' names.
export { CAPTION_STYLE_LABELS } from './caption-style';
export { usePreviewSpeech, type PreviewSpeech } from './use-preview-speech';
export { languageLabel } from './voice-step';
export { useGetApiVoicesQuery, type Voice } from './voices-api';
