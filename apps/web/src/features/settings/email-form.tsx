import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePatchApiAuthUserMutation, usePostApiAuthRegistrationResendEmailMutation } from '@/api/api';
import { fieldErrorsOf } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { userLoaded } from '@/app/session-slice';

export const emailSchema = z.object({ email: z.string().trim().email('Please enter a valid email address.') });

export function EmailForm() {
  const dispatch = useAppDispatch();
  const email = useAppSelector((s) => s.session.user?.email ?? '');
  const isVerified = useAppSelector((s) => s.session.user?.email_verified ?? true);
  const [updateUser, { isLoading }] = usePatchApiAuthUserMutation();
  const [resend, { isLoading: isResending }] = usePostApiAuthRegistrationResendEmailMutation();
  /** the address a verification link was just sent to, shown under the form */
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useForm<z.infer<typeof emailSchema>>({ resolver: zodResolver(emailSchema), defaultValues: { email } });

  useEffect(() => {
    form.reset({ email });
  }, [email, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await updateUser({ patchedCustomUserRequest: { email: values.email } }).unwrap();
      dispatch(userLoaded(user));
      if (!user.email_verified) setLinkSentTo(user.email);
      toast({ variant: 'success', title: 'Profile updated', description: 'Your email address has been updated successfully.' });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.email) form.setError('email', { message: fields.email });
      toast({ variant: 'destructive', title: 'Update failed', description: 'There was an error updating your profile. Please try again.' });
    }
  });

  const onResend = async () => {
    try {
      await resend().unwrap();
      setLinkSentTo(email);
      toast({ variant: 'success', title: 'Verification link sent', description: `Check the inbox of ${email}.` });
    } catch (error) {
      console.warn('Could not resend the verification link', error);
      toast({ variant: 'destructive', title: 'Could not send the link', description: 'Please try again in a minute.' });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      {!isVerified && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span>Your email address is not verified yet. Follow the link we sent to it to accept team invitations.</span>
          <Button type="button" size="sm" variant="outline" disabled={isResending} onClick={() => void onResend()}>
            {isResending ? 'Sending...' : 'Resend link'}
          </Button>
        </div>
      )}
      <FormField id="account-email" label="Email" error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      {linkSentTo && (
        <p role="status" className="text-sm text-muted-foreground">
          We sent a verification link to {linkSentTo}.
        </p>
      )}
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
