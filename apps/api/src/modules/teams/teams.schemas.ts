import { z } from 'zod';
import { pageSchema } from '../../core/pagination.ts';
import { emailField, named } from '../../core/schema-registry.ts';

export const roleSchema = z.enum(['admin', 'member']);

export const memberSchema = named(
  'membership',
  z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    display_name: z.string(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    role: z.string(),
    created_at: z.string(),
  }),
);

export const invitationSchema = named(
  'invitation',
  z.object({
    id: z.string(),
    team: z.number().int(),
    email: z.string(),
    role: z.string(),
    invited_by: z.string(),
    status: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  }),
);

export const teamSchema = named(
  'team',
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    members: z.array(memberSchema),
    /** pending invitations; only admins get their ids (an id is what accepting one takes) */
    invitations: z.array(invitationSchema.extend({ id: z.string().optional() })),
    has_active_subscription: z.boolean(),
    subscription: z
      .object({ status: z.string(), plan: z.string(), current_period_end: z.string().nullable(), cancel_at_period_end: z.boolean() })
      .nullable(),
    is_admin: z.boolean(),
    role: z.string(),
    created_at: z.string(),
  }),
);

export const teamPage = named('paginatedTeamList', pageSchema(teamSchema));
export const memberPage = named('paginatedMembershipList', pageSchema(memberSchema));
export const invitationPage = named('paginatedInvitationList', pageSchema(invitationSchema));

const teamName = z.string().trim().min(3, 'Name must be at least 3 characters').max(100);
export const teamRequest = named('teamRequest', z.object({ name: teamName }));
export const patchedTeamRequest = named('patchedTeamRequest', z.object({ name: teamName.optional() }));

export const invitationRequest = named('invitationRequest', z.object({ team: z.coerce.number().int(), email: emailField, role: roleSchema.default('member') }));
export const patchedInvitationRequest = named('patchedInvitationRequest', z.object({ role: roleSchema.optional() }));
export const membershipRequest = named('membershipRequest', z.object({ role: roleSchema }));
export const patchedMembershipRequest = named('patchedMembershipRequest', z.object({ role: roleSchema.optional() }));

export const joinTeamByIdRequest = named('joinTeamByIdRequest', z.object({ team_id: z.coerce.number().int(), invitation_id: z.uuid() }));
export const joinTeamRequest = named('joinTeamRequest', z.object({ invitation_id: z.uuid() }));

export const publicInvitationSchema = named(
  'publicInvitation',
  z.object({
    id: z.string(),
    team: z.object({ name: z.string(), slug: z.string() }),
    email: z.string(),
    role: z.string(),
    invited_by: z.string(),
    status: z.string(),
    expires_at: z.string(),
  }),
);

export const idParam = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
export const uuidParam = z.object({ id: z.uuid() });
export const slugParam = z.object({ teamSlug: z.string().min(1).max(120) });
