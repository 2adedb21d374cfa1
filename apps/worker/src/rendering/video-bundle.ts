// The video bundle is the build output of @hookwall/video (packages/video/dist/video-bundle), found
// through that package, never through this one's place in the source tree.
export { buildVideoBundle, DEFAULT_BUNDLE_DIR, ensureVideoBundle, isBundleFresh, videoSourcesHash } from '@hookwall/video/bundle';
