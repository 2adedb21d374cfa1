import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { usePostApiAuthPasswordResetCheckMutation, usePostApiAuthPasswordResetConfirmMutation } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { loggedOut } from '@/app/session-slice';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { newPasswordSchema, PASSWORD_HINT, RESET_LINK_LIFETIME } from '@/lib/password-rules';
import { FormAlert } from '@/components/ui/form-alert';

type ResetValues = z.infer<typeof newPasswordSchema>;

function LinkProblem({ title, description }: { title: string; description: string }) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthCard title={title}>
      <div ref={heading} tabIndex={-1} role="alert" className="mb-6 flex items-start gap-2 text-sm text-destructive outline-none">
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{description}</span>
      </div>
      <div className="grid gap-2">
        <Button asChild className="w-full">
          <Link to="/forgot-password">Send me a new link</Link>
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to="/login">Back to log in</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/**
 * The page a reset email links to (`/reset-password?uid=…&token=…`): sets the new password, then
 * sends the user to log in with it. Every session of the account ends on the server, this
 * browser's included, so a signed-in session here is closed too.
 */
export function ResetPasswordPage({ uid, token }: { uid: string; token: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isAuthenticated = useAppSelector((s) => s.session.isAuthenticated);
  const [confirmReset, { isLoading }] = usePostApiAuthPasswordResetConfirmMutation();
  const [checkLink] = usePostApiAuthPasswordResetCheckMutation();
  const [isLinkDead, setIsLinkDead] = useState(false);
  // the link is checked on load, so a used or expired one is refused before a password is typed;
  // if the check itself fails (offline), the form is shown and the confirm call decides
  const [isChecking, setIsChecking] = useState(Boolean(uid && token));
  useEffect(() => {
    if (!uid || !token) return;
    let isCurrent = true;
    checkLink({ passwordResetCheckRequest: { uid, token } })
      .unwrap()
      .catch((error: unknown) => {
        const fields = fieldErrorsOf(error);
        if (isCurrent && (fields.uid || fields.token)) setIsLinkDead(true);
      })
      .finally(() => {
        if (isCurrent) setIsChecking(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [checkLink, uid, token]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetValues>({ resolver: zodResolver(newPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const errors = form.formState.errors;

  if (!uid || !token) {
    return <LinkProblem title="Reset link incomplete" description="This link is missing part of its address. Open the link from the email again, or ask for a new one." />;
  }
  if (isLinkDead) {
    return (
      <LinkProblem
        title="This link has expired"
        description={`This reset link was already used, has expired, or is not valid. A link works once, for ${RESET_LINK_LIFETIME}. Ask for a new one.`}
      />
    );
  }

  if (isChecking) {
    return (
      <AuthCard title="Choose a new password">
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your link...
        </p>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await confirmReset({ passwordResetConfirmRequest: { uid, token, new_password1: values.newPassword, new_password2: values.confirmPassword } }).unwrap();
      if (isAuthenticated) dispatch(loggedOut());
      toast({ variant: 'success', title: 'Password reset', description: 'Your new password is set. Log in with it now.' });
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.uid || fields.token) {
        setIsLinkDead(true);
        return;
      }
      // the API puts every problem of the new password on new_password2, as for a password change
      const passwordProblem = fields.new_password1 ?? fields.new_password2;
      if (passwordProblem) form.setError('newPassword', { message: passwordProblem }, { shouldFocus: true });
      else setFailure(describeError(error, 'We could not reset your password. Please try again.'));
    }
  });

  return (
    <AuthCard title="Choose a new password" description="Set the password you will log in with from now on. You will be signed out everywhere else." footer={<Link to="/login" className="font-medium text-primary hover:underline">Back to log in</Link>}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={isLoading}>
        <FormField id="reset-new-password" label="New password" hint={PASSWORD_HINT} error={errors.newPassword?.message}>
          <Input type="password" autoComplete="new-password" autoFocus {...form.register('newPassword')} />
        </FormField>
        <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={isLoading} className="w-full">
          {isLoading ? (
            <>
              <Loader2 className="animate-spin" aria-hidden /> Saving...
            </>
          ) : (
            'Set new password'
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
