// what other features use of the music: the picker of a video's music (builder, composite dialogs)
export { MusicPicker, musicChoiceOf, musicRequest, usePickerTracks, type MusicChoice } from './music-picker';
export { DEFAULT_MUSIC_VOLUME } from './music-format';
