// `npm run build:video`: bundles the Remotion compositions for the worker, skipping the work when
// the bundle already matches the sources (like the web app's build before `npm start`).
import { buildVideoBundle, isBundleFresh, DEFAULT_BUNDLE_DIR } from '../apps/worker/src/rendering/video-bundle.ts';

const force = process.argv.includes('--force');
if (!force && isBundleFresh()) {
  console.log(`The video bundle is up to date (${DEFAULT_BUNDLE_DIR}).`);
} else {
  const started = Date.now();
  console.log('Bundling the video compositions…');
  await buildVideoBundle();
  console.log(`Bundled in ${((Date.now() - started) / 1000).toFixed(1)} s → ${DEFAULT_BUNDLE_DIR}`);
}
