import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePostAByTeamSlugTeamApiInvitationsMutation, type Team } from '@/api/api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ROLE_OPTIONS, type Role } from './roles';

export const INITIAL_INVITE_ROWS = 3;
/** text, at sign, text, dot, text: the original client's loose check; the API validates each address */
export const INVITE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteRow {
  key: number;
  email: string;
  role: Role;
}

let nextKey = 0;
const newRow = (): InviteRow => ({ key: nextKey++, email: '', role: 'member' });
const initialRows = () => Array.from({ length: INITIAL_INVITE_ROWS }, newRow);

export function InviteForm({ team }: { team: Team }) {
  const [rows, setRows] = useState<InviteRow[]>(initialRows);
  const [isSending, setIsSending] = useState(false);
  const [createInvitation] = usePostAByTeamSlugTeamApiInvitationsMutation();

  const update = (key: number, patch: Partial<InviteRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const valid = rows.map((r) => ({ ...r, email: r.email.trim() })).filter((r) => r.email && INVITE_EMAIL_PATTERN.test(r.email));
    if (valid.length === 0) {
      toast({ variant: 'destructive', title: 'No valid emails', description: 'Please enter at least one valid email address.' });
      return;
    }
    setIsSending(true);
    try {
      // one call per email, one after the other: the API takes one invitation per call
      for (const row of valid) {
        await createInvitation({ teamSlug: team.slug, invitationRequest: { team: team.id, email: row.email, role: row.role } }).unwrap();
      }
      toast({ variant: 'success', title: 'Invitations sent', description: `Invitations have been sent to ${valid.length} email(s).` });
      setRows(initialRows());
    } catch (error) {
      console.error('Failed to send invitations', error);
      toast({ variant: 'destructive', title: 'Failed to send invitations', description: 'An error occurred while sending the invitations.' });
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Invite team members">
      {rows.map((row, index) => (
        <div key={row.key} className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-2 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`invite-email-${row.key}`} className={index === 0 ? undefined : 'sr-only'}>
              Email address {index + 1}
            </Label>
            <Input id={`invite-email-${row.key}`} type="email" placeholder="name@company.com" value={row.email} onChange={(e) => update(row.key, { email: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label id={`invite-role-label-${row.key}`} className={index === 0 ? undefined : 'sr-only'}>
              Role {index + 1}
            </Label>
            <Select value={row.role} onValueChange={(role) => update(row.key, { role: role as Role })}>
              <SelectTrigger aria-labelledby={`invite-role-label-${row.key}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ROLE_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      ))}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => setRows((all) => [...all, newRow()])}>
          <Plus aria-hidden /> Add another
        </Button>
        <Button type="submit" disabled={isSending}>
          {isSending ? 'Sending...' : 'Send invites'}
        </Button>
      </div>
    </form>
  );
}
