import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { usePostApiAuthLoginMutation, usePostApiAuthVerifyOtpMutation } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { loggedIn, otpCancelled, otpRequested } from '@/app/session-slice';
import { AuthCard } from '@/components/auth-card';
import type { AuthSearch } from './auth-search';
import { FormAlert } from '@/components/ui/form-alert';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address.').email('Please enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.'),
});
const otpSchema = z.object({ otp: z.string().trim().min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code.') });

/** Where a signed-in user goes: an invitation being accepted, else home. */
export function useAfterAuthNavigate(search: AuthSearch) {
  const navigate = useNavigate();
  return () =>
    search.invitation_id
      ? navigate({ to: '/teams/invitation/$invitationId', params: { invitationId: search.invitation_id } })
      : navigate({ to: '/' });
}

export function LoginPage({ search }: { search: AuthSearch }) {
  const otpRequired = useAppSelector((s) => s.session.otpRequired && s.session.tempOtpToken !== null);
  return otpRequired ? <OtpStep search={search} /> : <PasswordStep search={search} />;
}

function PasswordStep({ search }: { search: AuthSearch }) {
  const dispatch = useAppDispatch();
  const goOn = useAfterAuthNavigate(search);
  const [login, { isLoading }] = usePostApiAuthLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof loginSchema>>({ resolver: zodResolver(loginSchema), defaultValues: { email: search.email ?? '', password: '' } });
  // handed to the forgot-password page, so the address is not typed twice
  const typedEmail = useWatch({ control: form.control, name: 'email' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login({ loginRequest: values }).unwrap();
      if (result.status === 'otp_required') {
        dispatch(otpRequested(result.temp_otp_token));
        return;
      }
      dispatch(loggedIn(result.jwt));
      await goOn();
    } catch (error) {
      setFailure(describeError(error, 'Unable to log in. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in to your team's workspace."
      footer={
        <>
          No account yet?{' '}
          <Link to="/signup" search={search} className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="login-email" label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
        </FormField>
        <FormField id="login-password" label="Password" error={form.formState.errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        {/* after the password in the tab order: where someone who cannot remember it looks next */}
        <Link
          to="/forgot-password"
          search={{ email: typedEmail.trim() || undefined }}
          className="-mt-2 justify-self-end rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          Forgot password?
        </Link>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={isLoading} className="w-full">
          {isLoading ? 'Logging in...' : 'Log in'}
        </Button>
      </form>
    </AuthCard>
  );
}

function OtpStep({ search }: { search: AuthSearch }) {
  const dispatch = useAppDispatch();
  const goOn = useAfterAuthNavigate(search);
  const tempOtpToken = useAppSelector((s) => s.session.tempOtpToken)!;
  const [verify, { isLoading }] = usePostApiAuthVerifyOtpMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof otpSchema>>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    setFailure(null);
    try {
      const session = await verify({ otpRequestRequest: { temp_otp_token: tempOtpToken, otp: otp.replace(/\s+/g, '') } }).unwrap();
      dispatch(loggedIn(session));
      await goOn();
    } catch (error) {
      const status = (error as { data?: { status?: string } }).data?.status;
      if (status === 'token_expired') {
        dispatch(otpCancelled());
        setFailure(null);
        return;
      }
      setFailure(describeError(error, 'That code did not work. Please try again.'));
    }
  });

  return (
    <AuthCard title="Two-factor authentication" description="Enter the 6-digit code from your authenticator app.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="login-otp" label="Authentication code" error={form.formState.errors.otp?.message}>
          <Input inputMode="numeric" autoComplete="one-time-code" autoFocus placeholder="123456" {...form.register('otp')} />
        </FormField>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={isLoading} className="w-full">
          {isLoading ? 'Verifying...' : 'Verify'}
        </Button>
        <Button variant="ghost" onClick={() => dispatch(otpCancelled())}>
          Back to log in
        </Button>
      </form>
    </AuthCard>
  );
}
