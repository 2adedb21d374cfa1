import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePostApiAuthPasswordChangeMutation } from '@/api/api';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { CONFIRM_PASSWORD_MISSING, MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT, PASSWORD_HINT, PASSWORDS_DIFFER } from '@/lib/password-rules';

/** The original client's password-change messages, word for word (the new-password ones shared with the other pages). */
export const passwordSchema = z
  .object({
    currentPassword: z.string().min(MIN_PASSWORD_LENGTH, 'Current password is required'),
    newPassword: z.string().min(MIN_PASSWORD_LENGTH, NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string().min(MIN_PASSWORD_LENGTH, CONFIRM_PASSWORD_MISSING),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
type PasswordValues = z.infer<typeof passwordSchema>;

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const [changePassword, { isLoading }] = usePostApiAuthPasswordChangeMutation();
  const form = useForm<PasswordValues>({ resolver: zodResolver(passwordSchema), defaultValues: EMPTY });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // the current password is validated on the client only and not sent, as in the original client; the API
      // asks for a recent sign-in instead (the reauthentication dialog)
      await changePassword({ passwordChangeRequest: { new_password1: values.newPassword, new_password2: values.confirmPassword } }).unwrap();
      form.reset(EMPTY);
      toast({ variant: 'success', title: 'Password updated', description: 'Your password has been changed successfully. You can use it the next time you log in.' });
    } catch (error) {
      console.error('Password change failed', error);
      toast({ variant: 'destructive', title: 'Password update failed', description: 'There was an error updating your password. Please check your current password and try again.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4">
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField id="new-password" label="New password" hint={PASSWORD_HINT} error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="button" variant="outline" onClick={() => form.reset(EMPTY)}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Updating...' : 'Update password'}
        </Button>
      </div>
    </form>
  );
}
