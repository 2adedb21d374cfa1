import type { UserRow } from '@hookwall/db';
import type { AppDeps } from '../../core/deps.ts';
import { permissionDenied } from '../../core/errors.ts';
import { countSignupsPerDay } from './users.repository.ts';

const DAY_MS = 86_400_000;

/** Staff dashboard: sign-ups per UTC day over the last 90 days, oldest first, days without any as 0. 403 for anyone else. */
export async function listSignupsPerDay(deps: AppDeps, user: UserRow, days = 90) {
  if (!user.isStaff) throw permissionDenied();
  const since = new Date(Date.now() - (days - 1) * DAY_MS);
  since.setUTCHours(0, 0, 0, 0);
  const byDay = await countSignupsPerDay(deps.db, since);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: byDay.get(date) ?? 0 };
  });
}
