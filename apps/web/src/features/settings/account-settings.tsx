import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AvatarUploader } from './avatar-uploader';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { TwoFactorSettings } from './two-factor-settings';

export function AccountSettings() {
  return (
    <section className="grid grid-cols-1 gap-6" aria-labelledby="account-settings-title">
      <div className="grid gap-1">
        <h2 id="account-settings-title" className="text-lg font-semibold">
          Account Settings
        </h2>
        <p className="text-sm text-muted-foreground">Update your account settings here</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Email</CardTitle>
          <CardDescription>The address you log in with and receive invitations at.</CardDescription>
        </CardHeader>
        <CardContent>
          <EmailForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Profile photo</CardTitle>
          <CardDescription>SVG, PNG, JPG or GIF. Large images are resized before upload.</CardDescription>
        </CardHeader>
        <CardContent>
          <AvatarUploader />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Password</CardTitle>
          <CardDescription>Change the password you log in with.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Two-factor authentication</CardTitle>
          <CardDescription>Ask for a code from an authenticator app at every login.</CardDescription>
        </CardHeader>
        <CardContent>
          <TwoFactorSettings />
        </CardContent>
      </Card>
    </section>
  );
}
