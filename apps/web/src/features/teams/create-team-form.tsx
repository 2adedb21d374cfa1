import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePostTeamsApiTeamsMutation } from '@/api/api';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { currentTeamSet } from '@/app/ui-slice';

export const createTeamSchema = z.object({ name: z.string().trim().min(3, 'Name must be at least 3 characters') });
type CreateTeamValues = z.infer<typeof createTeamSchema>;

export function CreateTeamForm({ onCreated }: { onCreated?: () => void }) {
  const dispatch = useAppDispatch();
  const [createTeam, { isLoading }] = usePostTeamsApiTeamsMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // validated on submit first, then on every change, as the original client's form was
  const form = useForm<CreateTeamValues>({ resolver: zodResolver(createTeamSchema), defaultValues: { name: '' }, mode: 'onSubmit', reValidateMode: 'onChange' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const team = await createTeam({ teamRequest: { name: values.name } }).unwrap();
      form.reset({ name: '' });
      // the new team becomes the current one
      dispatch(currentTeamSet(team));
      onCreated?.();
    } catch (error) {
      console.error('Failed to create team', error);
      setFailure('Failed to create team. Please try again.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="team-name" label="Team Name" error={form.formState.errors.name?.message}>
        <Input placeholder="Enter team name" autoComplete="organization" {...form.register('name')} />
      </FormField>
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Creating...' : 'Create Team'}
      </Button>
    </form>
  );
}
