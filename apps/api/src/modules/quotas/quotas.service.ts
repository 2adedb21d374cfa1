import type { Config } from '@hookwall/config';
import type { AppDeps } from '../../core/deps.ts';
import { AppError } from '../../core/errors.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './quotas.repository.ts';

/**
 * Per-team quotas (README, Configuration): renders waiting or rendering at once
 * (`TEAM_MAX_OPEN_RENDERS`), their total length (`TEAM_MAX_QUEUED_VIDEO_SECONDS`) and the bytes the
 * team stores (`TEAM_STORAGE_QUOTA_BYTES`); 0 is no limit. Every render is made through
 * `reserveRenders`, in the transaction that inserts it, and every upload through
 * `withStorageReserved`: both take the team's lock first, so two concurrent calls cannot pass a
 * limit together, and a call that would pass one is refused whole.
 */

export type Executor = repo.Executor;

export interface RenderDemand {
  /** how many renders the call makes */
  renders: number;
  /** their total length in seconds */
  seconds: number;
}

interface Limits {
  openRenders: number;
  queuedSeconds: number;
  storageBytes: number;
}

const limitsOf = (config: Pick<Config, 'TEAM_MAX_OPEN_RENDERS' | 'TEAM_MAX_QUEUED_VIDEO_SECONDS' | 'TEAM_STORAGE_QUOTA_BYTES'>): Limits => ({
  openRenders: config.TEAM_MAX_OPEN_RENDERS,
  queuedSeconds: config.TEAM_MAX_QUEUED_VIDEO_SECONDS,
  storageBytes: config.TEAM_STORAGE_QUOTA_BYTES,
});

/** Seconds a client is told to wait after a 429 of the render quotas: renders finish within minutes. */
const RENDER_QUOTA_RETRY_AFTER_SECONDS = 60;
/** Finished renders measured in storage per check; the rest are measured by the checks that follow. */
const MEASURE_PER_CHECK = 100;
const MEASURE_AT_ONCE = 8;

const count = (n: number) => Math.round(n).toLocaleString('en');
const plural = (n: number, one: string, many: string) => `${count(n)} ${Math.round(n) === 1 ? one : many}`;

/** Bytes in the units the web app shows them in (1 KB = 1024 bytes, up to 2 decimals). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return plural(bytes, 'byte', 'bytes');
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

const WAIT_FOR_RENDERS = 'Wait for some to finish or cancel some, then try again.';
const FREE_STORAGE = 'Delete videos or clips you no longer need, then try again.';

function tooMany(code: 'too_many_open_renders' | 'too_many_queued_video_seconds', detail: string, numbers: { limit: number; used: number; requested: number }) {
  return new AppError('throttled', detail, {
    body: { detail, code, ...numbers },
    headers: { 'retry-after': String(RENDER_QUOTA_RETRY_AFTER_SECONDS) },
  });
}

function storageExceeded(detail: string, numbers: { limit: number; used: number; requested: number }) {
  return new AppError('payload_too_large', detail, { body: { detail, code: 'storage_quota_exceeded', ...numbers } });
}

/** 429 when the renders would take the team past a render limit. */
function checkRenders(limits: Limits, open: { renders: number; seconds: number }, demand: RenderDemand) {
  if (demand.renders <= 0) return;
  const { openRenders: maxRenders, queuedSeconds: maxSeconds } = limits;
  if (maxRenders > 0 && open.renders + demand.renders > maxRenders) {
    const numbers = { limit: maxRenders, used: open.renders, requested: demand.renders };
    throw tooMany(
      'too_many_open_renders',
      open.renders >= maxRenders
        ? `Your team has ${plural(open.renders, 'video', 'videos')} waiting to render, the most it may have at once. ${WAIT_FOR_RENDERS}`
        : `Your team has ${plural(open.renders, 'video', 'videos')} waiting to render and may have at most ${count(maxRenders)} at once, so these ${count(demand.renders)} would be ${count(open.renders + demand.renders - maxRenders)} too many. Make fewer at a time, or wait for some to finish or cancel some, then try again.`,
      numbers,
    );
  }
  if (maxSeconds > 0 && open.seconds + demand.seconds > maxSeconds) {
    const numbers = { limit: maxSeconds, used: Math.round(open.seconds), requested: Math.round(demand.seconds) };
    throw tooMany(
      'too_many_queued_video_seconds',
      open.seconds >= maxSeconds
        ? `Your team has ${plural(open.seconds, 'second', 'seconds')} of video waiting to render, the most it may have at once. ${WAIT_FOR_RENDERS}`
        : `Your team has ${plural(open.seconds, 'second', 'seconds')} of video waiting to render and may have at most ${count(maxSeconds)} at once, so ${demand.renders === 1 ? 'this video' : `these ${count(demand.renders)} videos`} (${plural(demand.seconds, 'second', 'seconds')}) would be ${plural(Math.max(1, open.seconds + demand.seconds - maxSeconds), 'second', 'seconds')} too many. Make fewer or shorter videos at a time, or wait for some to finish or cancel some, then try again.`,
      numbers,
    );
  }
}

/** 413 once the team's storage is full: a render adds a file whose size nobody knows beforehand. */
function checkStorageNotFull(limits: Limits, used: number) {
  if (limits.storageBytes > 0 && used >= limits.storageBytes) {
    throw storageExceeded(`Your team stores ${formatBytes(used)}, all of the ${formatBytes(limits.storageBytes)} it may store, so no more videos can be made. ${FREE_STORAGE}`, {
      limit: limits.storageBytes,
      used,
      requested: 0,
    });
  }
}

/** 413 when `bytes` more would take the team past its storage quota. */
function checkStorage(limits: Limits, used: number, bytes: number) {
  if (limits.storageBytes > 0 && used + bytes > limits.storageBytes) {
    throw storageExceeded(
      `Your team stores ${formatBytes(used)} of the ${formatBytes(limits.storageBytes)} it may store; a file of ${formatBytes(bytes)} more would not fit. ${FREE_STORAGE}`,
      { limit: limits.storageBytes, used, requested: bytes },
    );
  }
}

/**
 * Records the size of finished renders the database has none for yet (one look at each file, never
 * a listing of the storage), so that the storage quota counts them. A file that cannot be looked at
 * now is measured by a later check.
 */
async function measureRenderOutputs(deps: AppDeps, teamId: number) {
  const rows = await repo.unmeasuredOutputs(deps.db, teamId, MEASURE_PER_CHECK);
  for (let i = 0; i < rows.length; i += MEASURE_AT_ONCE) {
    await Promise.all(
      rows.slice(i, i + MEASURE_AT_ONCE).map(async (row) => {
        try {
          const [video, thumbnail] = await Promise.all([deps.storage.head(row.outputKey!), row.thumbnailKey ? deps.storage.head(row.thumbnailKey) : null]);
          await repo.recordOutputBytes(deps.db, teamId, row.id, row.outputKey!, (video?.size ?? 0) + (thumbnail?.size ?? 0));
        } catch {
          // the storage did not answer: this render counts once a later check measures it
        }
      }),
    );
  }
}

/**
 * Before a call that makes renders does its expensive part (writing texts, building props): the
 * same checks as `reserveRenders`, without the lock, so that what cannot fit is refused before
 * anything is spent. `reserveRenders` decides, in the transaction.
 */
export async function precheckRenders(deps: AppDeps, teamId: number, demand: RenderDemand) {
  const limits = limitsOf(deps.config);
  if (limits.openRenders > 0 || limits.queuedSeconds > 0) checkRenders(limits, await repo.openRenders(deps.db, teamId), demand);
  if (limits.storageBytes > 0) {
    await measureRenderOutputs(deps, teamId);
    checkStorageNotFull(limits, await repo.storedBytes(deps.db, teamId));
  }
}

/**
 * In the transaction that inserts renders, before it does: takes the team's lock, then refuses
 * (429, or 413 when its storage is full) what would pass a limit. The refusal rolls the whole
 * transaction back, so nothing of the call is created.
 */
export async function reserveRenders(deps: AppDeps, tx: Executor, teamId: number, demand: RenderDemand) {
  const limits = limitsOf(deps.config);
  if (demand.renders <= 0 || (limits.openRenders === 0 && limits.queuedSeconds === 0 && limits.storageBytes === 0)) return;
  await repo.lockTeam(tx, teamId);
  checkRenders(limits, await repo.openRenders(tx, teamId), demand);
  if (limits.storageBytes > 0) checkStorageNotFull(limits, await repo.storedBytes(tx, teamId));
}

/**
 * Runs `work` (the insert of an upload's row, whose declared size counts from then on) in a
 * transaction that holds the team's lock, after checking that `bytes` more fit (413 otherwise).
 */
export async function withStorageReserved<T>(deps: AppDeps, teamId: number, bytes: number, work: (tx: Executor) => Promise<T>): Promise<T> {
  const limits = limitsOf(deps.config);
  if (limits.storageBytes === 0) return work(deps.db);
  await measureRenderOutputs(deps, teamId);
  return repo.inTransaction(deps.db, async (tx) => {
    await repo.lockTeam(tx, teamId);
    checkStorage(limits, await repo.storedBytes(tx, teamId), bytes);
    return work(tx);
  });
}

/**
 * For an upload's next step (handing out its URL, confirming it): 413 while the team stores more
 * than it may (after its quota was lowered, or renders finished past it). An upload counts from its
 * creation; one whose earlier file failed (and was deleted) does not, and is sent as `uncountedBytes`.
 */
export async function assertStorageWithinQuota(deps: AppDeps, teamId: number, uncountedBytes = 0) {
  const limits = limitsOf(deps.config);
  if (limits.storageBytes === 0) return;
  await measureRenderOutputs(deps, teamId);
  const used = await repo.storedBytes(deps.db, teamId);
  if (uncountedBytes > 0) checkStorage(limits, used, uncountedBytes);
  else if (used > limits.storageBytes) {
    throw storageExceeded(`Your team stores ${formatBytes(used)}, more than the ${formatBytes(limits.storageBytes)} it may store. ${FREE_STORAGE}`, {
      limit: limits.storageBytes,
      used,
      requested: 0,
    });
  }
}

/** `GET /a/{teamSlug}/subscription/api/usage/`: each quota's use and limit (null: no limit). */
export async function getUsage(deps: AppDeps, access: TeamAccess) {
  const teamId = access.team.id;
  const limits = limitsOf(deps.config);
  await measureRenderOutputs(deps, teamId);
  const open = await repo.openRenders(deps.db, teamId);
  const stored = await repo.storedBytes(deps.db, teamId);
  const limit = (n: number) => (n > 0 ? n : null);
  return {
    open_renders: { used: open.renders, limit: limit(limits.openRenders) },
    queued_video_seconds: { used: Math.round(open.seconds * 10) / 10, limit: limit(limits.queuedSeconds) },
    storage_bytes: { used: stored, limit: limit(limits.storageBytes) },
  };
}
