import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usePostApiAuthRegisterMutation } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { loggedIn } from '@/app/session-slice';
import { AuthCard } from '@/components/auth-card';
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT, PASSWORDS_DIFFER } from '@/lib/password-rules';
import type { AuthSearch } from './auth-search';
import { useAfterAuthNavigate } from './login-page';
import { FormAlert } from '@/components/ui/form-alert';

const signupSchema = z
  .object({
    first_name: z.string().trim().max(150),
    email: z.string().trim().min(1, 'Please enter a valid email address.').email('Please enter a valid email address.'),
    password1: z.string().min(MIN_PASSWORD_LENGTH, 'Your password must be at least 8 characters.'),
    password2: z.string().min(1, 'Confirm your password'),
  })
  .refine((v) => v.password1 === v.password2, { message: PASSWORDS_DIFFER, path: ['password2'] });
type SignupValues = z.infer<typeof signupSchema>;

export function SignupPage({ search }: { search: AuthSearch }) {
  const dispatch = useAppDispatch();
  const goOn = useAfterAuthNavigate({ ...search, invitation_id: undefined });
  const [register, { isLoading }] = usePostApiAuthRegisterMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { first_name: '', email: search.email ?? '', password1: '', password2: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await register({
        registerRequest: { ...values, first_name: values.first_name || undefined, invitation_id: search.invitation_id },
      }).unwrap();
      dispatch(loggedIn(session));
      await goOn();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      let isShown = false;
      for (const name of ['first_name', 'email', 'password1', 'password2'] as const) {
        if (fields[name]) {
          form.setError(name, { message: fields[name] });
          isShown = true;
        }
      }
      if (!isShown) setFailure(fields.non_field_errors ?? describeError(error, 'Could not create your account. Please try again.'));
    }
  });

  return (
    <AuthCard
      title="Create your account"
      description={search.team_slug ? 'Sign up to join your team.' : 'Start making videos for your product in minutes.'}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={search} className="font-medium text-primary hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id="signup-first-name" label="First name" error={errors.first_name?.message}>
          <Input autoComplete="given-name" placeholder="Alex" {...form.register('first_name')} />
        </FormField>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="you@company.com" {...form.register('email')} />
        </FormField>
        <FormField id="signup-password" label="Password" hint={PASSWORD_HINT} error={errors.password1?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password1')} />
        </FormField>
        <FormField id="signup-password2" label="Confirm password" error={errors.password2?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password2')} />
        </FormField>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={isLoading} className="w-full">
          {isLoading ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
