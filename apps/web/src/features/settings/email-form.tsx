import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePatchApiAuthUserMutation } from '@/api/api';
import { fieldErrorsOf } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { userLoaded } from '@/features/session/session-slice';

export const emailSchema = z.object({ email: z.string().trim().email('Please enter a valid email address.') });

export function EmailForm() {
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => s.session.user?.email ?? '');
  const [updateUser, { isLoading }] = usePatchApiAuthUserMutation();
  const form = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), defaultValues: { email } });

  useEffect(() => {
    form.reset({ email });
  }, [email, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await updateUser({ patchedCustomUserRequest: { email: values.email } }).unwrap();
      dispatch(userLoaded(user));
      toast({ variant: 'success', title: 'Profile updated', description: 'Your email address has been updated successfully.' });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.email) form.setError('email', { message: fields.email });
      toast({ variant: 'destructive', title: 'Update failed', description: 'There was an error updating your profile. Please try again.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <FormField id="account-email" label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="button" variant="outline" disabled={!form.formState.isDirty} onClick={() => form.reset({ email })}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading || !form.formState.isDirty}>
          {isLoading ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
