import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePostApiAuthLoginMutation, usePostApiAuthVerifyOtpMutation, type Jwt } from '@/api/api';
import { endReplacedSession } from '@/api/base-api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { endReauthentication } from '@/app/reauthentication';
import { reauthenticated } from '@/app/session-slice';
import { tokenStorage } from '@/app/token-storage';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FormAlert } from '@/components/ui/form-alert';

export const REAUTHENTICATE_TITLE = 'Sign in again';

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password.') });
const otpSchema = z.object({ otp: z.string().trim().min(6, 'Enter the 6-digit code from your authenticator app, or a recovery code.') });

/**
 * Asks for the password (and the two-factor code when it is on) when a change needs a recent
 * sign-in (app/reauthentication.ts). Signing in again goes through the same login route as the
 * login page; the new tokens replace the old ones, whose session is then ended, and the change is
 * sent again. Closing the dialog (Cancel, Escape, the close button) gives up the change. Radix's
 * dialog keeps the focus inside it and names it by its title.
 */
export function ReauthenticateDialog() {
  const dispatch = useAppDispatch();
  const request = useAppSelector((s) => s.session.reauthentication);
  const email = useAppSelector((s) => s.session.user?.email ?? null);

  // the session ended some other way (a refresh failed): the waiting change is given up
  useEffect(() => {
    if (!request) endReauthentication(dispatch, false);
  }, [request, dispatch]);

  const onSignedIn = (session: Jwt) => {
    const replaced = { access: tokenStorage.getAccess(), refresh: tokenStorage.getRefresh() };
    dispatch(reauthenticated(session));
    endReauthentication(dispatch, true);
    void endReplacedSession(dispatch, replaced);
  };

  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && endReauthentication(dispatch, false)}>
      {request && (
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{REAUTHENTICATE_TITLE}</DialogTitle>
            <DialogDescription>{request.detail}</DialogDescription>
          </DialogHeader>
          <ReauthenticateSteps email={email} onSignedIn={onSignedIn} onCancel={() => endReauthentication(dispatch, false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReauthenticateSteps({ email, onSignedIn, onCancel }: { email: string | null; onSignedIn: (session: Jwt) => void; onCancel: () => void }) {
  const [tempOtpToken, setTempOtpToken] = useState<string | null>(null);
  if (!email) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Your account could not be loaded. Reload the page and try again.
      </p>
    );
  }
  return tempOtpToken ? (
    <OtpStep tempOtpToken={tempOtpToken} onSignedIn={onSignedIn} onCancel={onCancel} onExpired={() => setTempOtpToken(null)} />
  ) : (
    <PasswordStep email={email} onSignedIn={onSignedIn} onCancel={onCancel} onOtpRequired={setTempOtpToken} />
  );
}

function PasswordStep({ email, onSignedIn, onCancel, onOtpRequired }: { email: string; onSignedIn: (session: Jwt) => void; onCancel: () => void; onOtpRequired: (token: string) => void }) {
  const [login, { isLoading }] = usePostApiAuthLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof passwordSchema>>({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const result = await login({ loginRequest: { email, password } }).unwrap();
      if (result.status === 'otp_required') onOtpRequired(result.temp_otp_token);
      else onSignedIn(result.jwt);
    } catch (error) {
      setFailure(describeError(error, 'Unable to sign in. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* the email is the account's: password managers read it from here */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <p className="text-sm">
        Signed in as <span className="font-medium">{email}</span>
      </p>
      <FormField id="reauthenticate-password" label="Password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <FormAlert>{failure}</FormAlert>
      <StepFooter onCancel={onCancel} isLoading={isLoading} label="Sign in" busyLabel="Signing in..." />
    </form>
  );
}

function OtpStep({ tempOtpToken, onSignedIn, onCancel, onExpired }: { tempOtpToken: string; onSignedIn: (session: Jwt) => void; onCancel: () => void; onExpired: () => void }) {
  const [verify, { isLoading }] = usePostApiAuthVerifyOtpMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.infer<typeof otpSchema>>({ resolver: zodResolver(otpSchema), defaultValues: { otp: '' } });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    setFailure(null);
    try {
      onSignedIn(await verify({ otpRequestRequest: { temp_otp_token: tempOtpToken, otp: otp.replace(/\s+/g, '') } }).unwrap());
    } catch (error) {
      // the code's 5 minutes or 5 attempts are over: back to the password
      if ((error as { data?: { status?: string } }).data?.status === 'token_expired') onExpired();
      else setFailure(describeError(error, 'That code did not work. Please try again.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField id="reauthenticate-otp" label="Authentication code" hint="The 6-digit code from your authenticator app, or a recovery code." error={form.formState.errors.otp?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" autoFocus placeholder="123456" {...form.register('otp')} />
      </FormField>
      <FormAlert>{failure}</FormAlert>
      <StepFooter onCancel={onCancel} isLoading={isLoading} label="Verify" busyLabel="Verifying..." />
    </form>
  );
}

/** Each step's buttons: Cancel, and its submit button, busy while its request runs. */
function StepFooter({ onCancel, isLoading, label, busyLabel }: { onCancel: () => void; isLoading: boolean; label: string; busyLabel: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={isLoading}>
        {isLoading ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
