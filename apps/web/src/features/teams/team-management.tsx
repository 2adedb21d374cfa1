import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  useDeleteAByTeamSlugTeamApiInvitationsAndIdMutation,
  useDeleteAByTeamSlugTeamMembersAndIdMutation,
  useGetTeamsApiTeamsQuery,
  usePatchAByTeamSlugTeamApiInvitationsAndIdMutation,
  usePatchAByTeamSlugTeamMembersAndIdMutation,
  type Membership,
  type Team,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { absoluteMediaUrl, initialsOf } from '@/lib/utils';
import { InviteForm } from './invite-form';
import { ROLE_OPTIONS, roleLabel, type Role } from './roles';

// below 640 px each row stacks (who and role, then the actions under them), so nothing is off to the side
const ROW = 'border-t max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:items-center';
const ACTIONS = 'px-4 py-3 max-sm:col-span-3 max-sm:pt-0 max-sm:empty:hidden';

/** A pending invitation as the team payload carries it: admins get its id, members only who and which role. */
type TeamInvitation = Team['invitations'][number];

/** Select-all: checking it selects every member and invitation; a row change recomputes it. */
export function useRowSelection(keys: string[]) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const present = keys.filter((k) => selected.has(k));
  const allState: boolean | 'indeterminate' = keys.length > 0 && present.length === keys.length ? true : present.length > 0 ? 'indeterminate' : false;
  return {
    isSelected: (key: string) => selected.has(key),
    toggle: (key: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(key);
        else next.delete(key);
        return next;
      }),
    allState,
    toggleAll: (on: boolean) => setSelected(on ? new Set(keys) : new Set()),
  };
}

function RoleSelect({ value, onChange, label, disabled }: { value: string; onChange: (role: Role) => void; label: string; disabled?: boolean }) {
  return (
    <Select value={value} onValueChange={(role) => onChange(role as Role)} disabled={disabled}>
      <SelectTrigger aria-label={label} className="h-8 w-32">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLE_OPTIONS.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function TeamManagement() {
  const team = useAppSelector((s) => s.ui.currentTeam);
  const teams = useGetTeamsApiTeamsQuery({ pageSize: 100 });
  return (
    <section className="grid grid-cols-1 gap-6" aria-labelledby="team-title">
      <div className="grid gap-1">
        <h2 id="team-title" className="text-lg font-semibold">
          Team Management
        </h2>
        <p className="text-sm text-muted-foreground">Manage your team members and their account permissions here.</p>
      </div>
      {teams.isLoading && !team ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading team data...
        </p>
      ) : !team && teams.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
          <span>{describeError(teams.error, 'We could not load your team.')}</span>
          <Button variant="outline" size="sm" onClick={() => void teams.refetch()}>
            Retry
          </Button>
        </div>
      ) : !team ? (
        <p className="text-sm text-muted-foreground">No team selected</p>
      ) : (
        <TeamDetails team={team} />
      )}
    </section>
  );
}

type PendingDelete = { kind: 'member'; member: Membership } | null;

function TeamDetails({ team }: { team: Team }) {
  const userId = useAppSelector((s) => s.session.user?.id);
  const [editing, setEditing] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const [cancelInvitation] = useDeleteAByTeamSlugTeamApiInvitationsAndIdMutation();
  const [patchInvitation] = usePatchAByTeamSlugTeamApiInvitationsAndIdMutation();
  const [patchMember] = usePatchAByTeamSlugTeamMembersAndIdMutation();
  const [removeMember, removeState] = useDeleteAByTeamSlugTeamMembersAndIdMutation();
  const keys = useMemo(() => [...team.members.map((m) => `m-${m.id}`), ...team.invitations.map((i) => `i-${i.id ?? i.email}`)], [team]);
  const selection = useRowSelection(keys);
  const isAdmin = team.is_admin;

  const onCancelInvitation = async (invitation: TeamInvitation) => {
    if (!invitation.id) return;
    try {
      await cancelInvitation({ teamSlug: team.slug, id: invitation.id }).unwrap();
      toast({ variant: 'success', title: 'Invitation cancelled', description: 'The invitation has been cancelled successfully.' });
    } catch (error) {
      console.error('Failed to cancel invitation', error);
      toast({ variant: 'destructive', title: 'Failed to cancel invitation', description: 'An error occurred while cancelling the invitation.' });
    }
  };

  const onInvitationRole = async (invitation: TeamInvitation, role: Role) => {
    if (!invitation.id) return;
    setEditing(null);
    try {
      await patchInvitation({ teamSlug: team.slug, id: invitation.id, patchedInvitationRequest: { role } }).unwrap();
      toast({ variant: 'success', title: 'Role updated', description: `${invitation.email} will join as ${roleLabel(role)}.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not change the role', description: describeError(error) });
    }
  };

  const onMemberRole = async (member: Membership, role: Role) => {
    setEditing(null);
    try {
      await patchMember({ teamSlug: team.slug, id: member.id, patchedMembershipRequest: { role } }).unwrap();
      toast({ variant: 'success', title: 'Role updated', description: `${member.display_name} is now ${roleLabel(role)}.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not change the role', description: describeError(error) });
    }
  };

  const onConfirmRemove = async () => {
    if (!pendingDelete) return;
    const { member } = pendingDelete;
    try {
      await removeMember({ teamSlug: team.slug, id: member.id }).unwrap();
      toast({ variant: 'success', title: 'Member removed', description: `${member.display_name} no longer has access to ${team.name}.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not remove the member', description: describeError(error) });
    } finally {
      setPendingDelete(null);
    }
  };

  return (
    <>
      {isAdmin ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Invite team members</CardTitle>
            <CardDescription>They get an email with a link to join {team.name}.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm team={team} />
          </CardContent>
        </Card>
      ) : (
        <p className="rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">Only admins can invite people and change roles. You have read-only access to {team.name}.</p>
      )}

      <div className="relative overflow-x-auto rounded-lg border">
        <table className="w-full text-sm max-sm:block sm:min-w-[36rem]">
          <caption className="sr-only">Members and pending invitations of {team.name}</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground max-sm:block">
            <tr className="max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:items-center">
              <th scope="col" className="w-10 px-4 py-3">
                <Checkbox aria-label="Select all" checked={selection.allState} onCheckedChange={(v) => selection.toggleAll(v === true)} />
              </th>
              <th scope="col" className="px-2 py-3 font-medium">
                Name
              </th>
              <th scope="col" className="px-2 py-3 font-medium">
                Role
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium max-sm:hidden">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {team.members.map((member) => {
              const key = `m-${member.id}`;
              const isSelf = member.user_id === userId;
              return (
                <tr key={key} className={ROW}>
                  <td className="px-4 py-3">
                    <Checkbox aria-label={`Select ${member.display_name}`} checked={selection.isSelected(key)} onCheckedChange={(v) => selection.toggle(key, v === true)} />
                  </td>
                  <td className="min-w-0 px-2 py-3">
                    <div className="flex min-w-0 items-center gap-3">
                      <Avatar>
                        <AvatarImage src={absoluteMediaUrl(member.avatar_url)} alt="" />
                        <AvatarFallback>{initialsOf(member.display_name || member.email)}</AvatarFallback>
                      </Avatar>
                      <div className="grid min-w-0 leading-tight">
                        <span className="truncate font-medium">
                          {member.display_name}
                          {isSelf && <span className="text-muted-foreground"> (you)</span>}
                        </span>
                        <span className="truncate text-xs text-muted-foreground">{member.email}</span>
                      </div>
                    </div>
                  </td>
                  <td className="px-2 py-3">
                    {editing === key ? (
                      <RoleSelect value={member.role} label={`Role of ${member.display_name}`} onChange={(role) => void onMemberRole(member, role)} />
                    ) : (
                      <Badge variant={member.role === 'admin' ? 'default' : 'secondary'}>{roleLabel(member.role)}</Badge>
                    )}
                  </td>
                  <td className={ACTIONS}>
                    {isAdmin && (
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="sm" onClick={() => setPendingDelete({ kind: 'member', member })} aria-label={`Delete ${member.display_name}`}>
                          <Trash2 aria-hidden /> Delete
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setEditing(editing === key ? null : key)} aria-label={`Edit ${member.display_name}`} disabled={isSelf}>
                          Edit
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
            {team.invitations.map((invitation) => {
              const key = `i-${invitation.id ?? invitation.email}`;
              return (
                <tr key={key} className={`${ROW} bg-muted/20`}>
                  <td className="px-4 py-3">
                    <Checkbox aria-label={`Select ${invitation.email}`} checked={selection.isSelected(key)} onCheckedChange={(v) => selection.toggle(key, v === true)} />
                  </td>
                  <td className="min-w-0 px-2 py-3">
                    <div className="grid gap-0.5 leading-tight">
                      <span className="flex flex-wrap items-center gap-2 font-medium break-all">
                        {invitation.email} <Badge variant="info">Invited</Badge>
                      </span>
                      <span className="text-xs text-muted-foreground">Invited by {invitation.invited_by}</span>
                    </div>
                  </td>
                  <td className="px-2 py-3">
                    {editing === key ? (
                      <RoleSelect value={invitation.role} label={`Role of ${invitation.email}`} onChange={(role) => void onInvitationRole(invitation, role)} />
                    ) : (
                      <Badge variant="outline">{roleLabel(invitation.role)}</Badge>
                    )}
                  </td>
                  <td className={ACTIONS}>
                    {isAdmin && (
                      <div className="flex justify-end gap-1">
                        <Button variant="ghost" size="sm" onClick={() => void onCancelInvitation(invitation)} aria-label={`Delete invitation for ${invitation.email}`}>
                          <Trash2 aria-hidden /> Delete
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setEditing(editing === key ? null : key)} aria-label={`Edit invitation for ${invitation.email}`}>
                          Edit
                        </Button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <Dialog open={pendingDelete !== null} onOpenChange={(open) => !open && setPendingDelete(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Remove {pendingDelete?.member.display_name}?</DialogTitle>
            <DialogDescription>They lose access to {team.name} right away. You can invite them again later.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => void onConfirmRemove()} disabled={removeState.isLoading}>
              {removeState.isLoading ? 'Removing...' : 'Remove member'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
