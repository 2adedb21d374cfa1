import { Check, Copy, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { api, useLazyGetApiAuthOtpSetupQuery, usePostApiAuthOtpDisableMutation, usePostApiAuthOtpEnableMutation, type OtpSetup } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

const CODE_PATTERN = /^\s*[\w-]{6,}\s*$/;

/** Two-factor authentication (the API's /api/auth/otp/setup/, otp/enable/ with recovery codes, otp/disable/). */
export function TwoFactorSettings() {
  const dispatch = useAppDispatch();
  const isEnabled = useAppSelector((s) => s.session.user?.otp_enabled ?? false);
  const [loadSetup, setupState] = useLazyGetApiAuthOtpSetupQuery();
  const [enable, enableState] = usePostApiAuthOtpEnableMutation();
  const [disable, disableState] = usePostApiAuthOtpDisableMutation();
  const [setup, setSetup] = useState<OtpSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [isCopied, setIsCopied] = useState(false);

  const refreshUser = () => dispatch(api.util.invalidateTags(['users']));

  const onStart = async () => {
    try {
      setSetup(await loadSetup(undefined, false).unwrap());
      setCode('');
      setCodeError(undefined);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not start two-factor setup', description: describeError(error) });
    }
  };

  const checkCode = () => {
    if (!CODE_PATTERN.test(code)) {
      setCodeError('Enter the 6-digit code from your authenticator app.');
      return false;
    }
    setCodeError(undefined);
    return true;
  };

  const onEnable = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checkCode()) return;
    try {
      const result = await enable({ otpCodeRequest: { otp: code.replace(/\s+/g, '') } }).unwrap();
      setRecoveryCodes(result.recovery_codes);
      setSetup(null);
      setCode('');
      refreshUser();
      toast({ variant: 'success', title: 'Two-factor authentication enabled', description: 'You will be asked for a code each time you log in.' });
    } catch (error) {
      setCodeError(describeError(error, 'That code did not work. Please try again.'));
    }
  };

  const onDisable = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checkCode()) return;
    try {
      await disable({ otpCodeRequest: { otp: code.replace(/\s+/g, '') } }).unwrap();
      setCode('');
      setRecoveryCodes(null);
      refreshUser();
      toast({ variant: 'success', title: 'Two-factor authentication disabled', description: 'You will log in with your password only.' });
    } catch (error) {
      setCodeError(describeError(error, 'That code did not work. Please try again.'));
    }
  };

  const onCopy = async () => {
    if (!recoveryCodes) return;
    try {
      await navigator.clipboard.writeText(recoveryCodes.join('\n'));
      setIsCopied(true);
    } catch {
      toast({ variant: 'info', title: 'Copy the codes by hand', description: 'Your browser did not allow copying to the clipboard.' });
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-2 text-sm">
        Status: {isEnabled ? <Badge variant="success"><ShieldCheck className="size-3" aria-hidden /> On</Badge> : <Badge variant="secondary">Off</Badge>}
      </div>

      {recoveryCodes && (
        <div className="grid gap-3 rounded-lg border border-success/30 bg-success/5 p-4" role="region" aria-label="Recovery codes">
          <p className="text-sm">
            <span className="font-medium">Save these recovery codes.</span> Each one logs you in once if you lose your authenticator. They are shown only now.
          </p>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => void onCopy()}>
              {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />} {isCopied ? 'Copied' : 'Copy codes'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setRecoveryCodes(null)}>
              I saved them
            </Button>
          </div>
        </div>
      )}

      {!isEnabled && !setup && (
        <div>
          <Button variant="outline" onClick={() => void onStart()} disabled={setupState.isFetching}>
            {setupState.isFetching ? 'Preparing...' : 'Set up two-factor authentication'}
          </Button>
        </div>
      )}

      {!isEnabled && setup && (
        <form onSubmit={onEnable} noValidate className="grid max-w-md gap-4">
          <ol className="grid gap-2 text-sm text-muted-foreground">
            <li>1. Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
            <li>2. Enter the 6-digit code it shows.</li>
          </ol>
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`} alt="QR code for your authenticator app" className="size-44 rounded-md border bg-white p-2" />
          <p className="text-xs text-muted-foreground">
            Can&apos;t scan it? Enter this key instead: <code className="rounded bg-muted px-1 py-0.5 font-mono text-foreground" data-testid="otp-secret">{setup.secret}</code>
          </p>
          <FormField id="otp-enable-code" label="Authentication code" error={codeError}>
            <Input inputMode="numeric" autoComplete="one-time-code" placeholder="123456" value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setSetup(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={enableState.isLoading}>
              {enableState.isLoading ? 'Enabling...' : 'Enable'}
            </Button>
          </div>
        </form>
      )}

      {isEnabled && (
        <form onSubmit={onDisable} noValidate className="grid max-w-md gap-4">
          <FormField id="otp-disable-code" label="Code to turn it off" hint="A code from your authenticator app or a recovery code." error={codeError}>
            <Input autoComplete="one-time-code" placeholder="123456" value={code} onChange={(e) => setCode(e.target.value)} />
          </FormField>
          <div>
            <Button type="submit" variant="outline" disabled={disableState.isLoading}>
              {disableState.isLoading ? 'Disabling...' : 'Disable two-factor authentication'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
