export { CompositeDialog } from './composite-dialog';
export { VideoCard } from './video-card';
export { VideoPlayerDialog } from './video-player-dialog';
export { RenderProgress, StatusBadge } from './render-progress';
export { focusFirstError } from './focus-first-error';
export { fromComposite, fromTextWall, isWorking, type VideoItem } from './video-items';
