import type { AppDeps } from '../../core/deps.ts';
import { permissionDenied } from '../../core/errors.ts';
import { hasActiveSubscription, subscriptionRequired } from '../billing/billing.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';

/** Who may make and change videos (text walls and composites alike): admins; read-only members look. */
export function assertCanWrite(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot make or change videos.');
}

/** For calls that make a video inside a service (a create with `render`): 402 like the route guard. */
export async function assertSubscribed(deps: AppDeps, access: TeamAccess) {
  if (!(await hasActiveSubscription(deps, access.team.id))) throw subscriptionRequired();
}

/** Thrown inside a render's transaction when another request set the video's render first: theirs is the answer. */
export class RenderRaceLost extends Error {}
