import type { AppDeps } from '../../core/deps.ts';
import * as repo from './videos.repository.ts';

/**
 * For the brand videos module: which composites use a clip (deleting it answers 409). Its own file,
 * importing only the repository, so that the brand videos service can call it while the video
 * services call the brand videos service (for the clips they render) without an import cycle.
 */
export function compositesUsingClip(deps: AppDeps, teamId: number, videoId: string) {
  return repo.compositesUsingClip(deps.db, teamId, videoId);
}
