import { Link } from '@tanstack/react-router';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { usePostApiAuthRegistrationVerifyEmailMutation } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { AuthCard } from '@/components/auth-card';

/** The page a verification email links to: proves the address by using the key once, and says what happened. */
export function VerifyEmailPage({ verificationKey }: { verificationKey: string }) {
  const [verify, state] = usePostApiAuthRegistrationVerifyEmailMutation();
  const isAuthenticated = useAppSelector((s) => s.session.isAuthenticated);
  const hasRun = useRef(false);

  useEffect(() => {
    // once per page: a key works once, and React may mount an effect twice in development
    if (hasRun.current || !verificationKey) return;
    hasRun.current = true;
    void verify({ verifyEmailRequest: { key: verificationKey } });
  }, [verificationKey, verify]);

  const next = isAuthenticated ? (
    <Button asChild className="w-full">
      <Link to="/">Continue to Hookwall</Link>
    </Button>
  ) : (
    <Button asChild className="w-full">
      <Link to="/login">Log in</Link>
    </Button>
  );

  if (!verificationKey) {
    return (
      <AuthCard title="Verification link incomplete" description="This link has no key. Open the link from the email again, or ask for a new one in Account Settings.">
        {next}
      </AuthCard>
    );
  }
  if (state.isSuccess) {
    return (
      <AuthCard title="Email address verified" description={`${state.data.email} is confirmed as your address.`}>
        <p className="mb-4 flex items-center gap-2 text-sm text-emerald-700">
          <CheckCircle2 className="size-4" aria-hidden /> You can now accept invitations sent to it.
        </p>
        {next}
      </AuthCard>
    );
  }
  if (state.isError) {
    return (
      <AuthCard title="This link did not work" description={describeError(state.error)}>
        <p className="mb-4 flex items-center gap-2 text-sm text-destructive">
          <XCircle className="size-4" aria-hidden /> Ask for a new link in Account Settings.
        </p>
        {isAuthenticated ? (
          <Button asChild className="w-full">
            <Link to="/settings/account">Go to Account Settings</Link>
          </Button>
        ) : (
          next
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your email address">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> One moment...
      </p>
    </AuthCard>
  );
}
