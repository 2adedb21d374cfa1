import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePostApiAuthPasswordResetMutation } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RESET_LINK_LIFETIME } from '@/lib/password-rules';
import { FormAlert } from '@/components/ui/form-alert';

const requestSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').email('Please enter a valid email address.'),
});

const backToLogin = (
  <Link to="/login" className="font-medium text-primary hover:underline">
    Back to log in
  </Link>
);

/**
 * Asks for a reset link. The API answers the same whether or not the address has an account, so
 * the confirmation says "if": it must not tell a stranger who is registered.
 */
export function ForgotPasswordPage({ initialEmail = '' }: { initialEmail?: string }) {
  const [requestReset, { isLoading }] = usePostApiAuthPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof requestSchema>>({ resolver: zodResolver(requestSchema), defaultValues: { email: initialEmail } });
  const heading = useRef<HTMLDivElement>(null);

  // the page changed under a keyboard or screen reader user: take them to the confirmation
  useEffect(() => {
    if (sentTo) heading.current?.focus();
  }, [sentTo]);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestReset({ passwordResetRequest: { email } }).unwrap();
      setSentTo(email);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.email) form.setError('email', { message: fields.email });
      else setFailure(describeError(error, 'We could not send the email. Please try again.'));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your email" footer={backToLogin}>
        <div ref={heading} tabIndex={-1} role="status" className="grid gap-3 text-sm outline-none">
          <p className="flex items-start gap-2">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            <span>
              If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link to choose a new password.
            </span>
          </p>
          <p className="text-muted-foreground">The link works once, for {RESET_LINK_LIFETIME}. Nothing came? Check your spam folder, or ask again.</p>
        </div>
        <Button variant="outline" className="mt-6 w-full" onClick={() => setSentTo(null)}>
          Send another link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" description="Enter the email address of your account and we will send you a link to choose a new password." footer={backToLogin}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-busy={isLoading}>
        <FormField id="forgot-email" label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" autoFocus placeholder="you@company.com" {...form.register('email')} />
        </FormField>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={isLoading} className="w-full">
          {isLoading ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
