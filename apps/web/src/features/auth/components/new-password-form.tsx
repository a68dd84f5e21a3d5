import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { Button } from '../../../ui/button.tsx';
import { type AuthSchemas, useAuthForm } from '../hooks/use-auth-form.ts';
import { FormAlert } from './auth-screen.tsx';
import { PasswordField } from './password-field.tsx';

interface Props<Out> {
  token: string;
  schema: (schemas: AuthSchemas) => ZodType<Out>;
  submit: (body: Out) => Promise<unknown>;
  /** Takes over a failure (the link is used or expired); true when handled. */
  onError: (err: unknown) => boolean;
  submitLabel: string;
}

/** New password and its repetition, sent with the token of a reset or invitation link. */
export function NewPasswordForm<Out>({ token, schema, submit, onError, submitLabel }: Props<Out>) {
  const { t } = useTranslation();
  const form = useAuthForm({
    initial: { password: '', repeat: '' },
    schema,
    body: (v) => ({ token, password: v.password }),
    check: (v) => (v.repeat !== v.password ? { repeat: 'auth.errors.passwordMismatch' } : {}),
    submit,
    onError,
  });
  return (
    <form ref={form.formRef} className="auth-form" noValidate onSubmit={form.onSubmit}>
      <PasswordField
        label={t('auth.fields.newPassword')}
        name="password"
        autoComplete="new-password"
        aria-required="true"
        hint={t('auth.fields.passwordHint')}
        value={form.values.password}
        onChange={(e) => form.setValue('password', e.target.value)}
        error={form.errors.password}
      />
      <PasswordField
        label={t('auth.fields.repeatPassword')}
        name="repeat"
        autoComplete="new-password"
        aria-required="true"
        value={form.values.repeat}
        onChange={(e) => form.setValue('repeat', e.target.value)}
        error={form.errors.repeat}
      />
      <FormAlert ref={form.formErrorRef} message={form.formError} />
      <Button type="submit" block busy={form.busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
