import type { AppDeps } from '../../core/deps.ts';
import { notFound } from '../../core/errors.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './videos.repository.ts';

type BulkStatus = 'running' | 'completed' | 'partial' | 'failed' | 'cancelled';

/** running while any video waits or renders; then completed, partial (some failed), failed or cancelled. */
export function summarizeBulk(counts: { queued: number; rendering: number; completed: number; failed: number; cancelled: number; total: number }): BulkStatus {
  if (counts.queued + counts.rendering > 0) return 'running';
  if (counts.failed === 0 && counts.completed > 0) return 'completed';
  if (counts.completed > 0) return 'partial';
  if (counts.failed > 0) return 'failed';
  return counts.cancelled > 0 ? 'cancelled' : 'completed';
}

export async function bulkJobStatus(deps: AppDeps, access: TeamAccess, jobId: string) {
  const job = await repo.findBulkJob(deps.db, access.team.id, jobId);
  if (!job) throw notFound();
  const videos = await repo.bulkJobVideos(deps.db, access.team.id, jobId);
  const counts = { queued: 0, rendering: 0, completed: 0, failed: 0, cancelled: 0 };
  const failures: { video_id: string; error: string }[] = [];
  for (const video of videos) {
    // a video deleted from the batch no longer counts; one never rendered counts as waiting
    const status = (video.status ?? 'queued') as keyof typeof counts;
    counts[status] = (counts[status] ?? 0) + 1;
    if (status === 'failed') failures.push({ video_id: video.id, error: video.error ?? 'The render failed.' });
  }
  const total = videos.length;
  return {
    job_id: job.id,
    kind: job.kind as 'text_wall' | 'hook_product_demo' | 'multi_text_wall',
    status: summarizeBulk({ ...counts, total }),
    total,
    ...counts,
    video_ids: videos.map((v) => v.id),
    failures,
    created_at: job.createdAt.toISOString(),
  };
}
