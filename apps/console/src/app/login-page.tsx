import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, callApi } from '../lib/api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { session, useSessionToken } from '../lib/session.ts';
import { useForm } from '../lib/use-form.ts';
import { FormError } from '../ui/bits.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/fields.tsx';
import { LanguageSelect } from './language-select.tsx';
import { safeReturn } from './return-url.ts';

/**
 * Sign-in with e-mail and password. When the address has console roles in several apps the server
 * answers 422 on `app`: the app key field appears and the next try names the app.
 */
export function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('console.login.title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const back = safeReturn(params.get('return'));
  const token = useSessionToken();
  const [askApp, setAskApp] = useState(false);

  const form = useForm({
    initial: { email: '', password: '', app: '' },
    schema: () => import('@app/contract/schemas/console').then((s) => s.consoleLoginBody),
    body: (v) => ({ email: v.email, password: v.password, ...(askApp && v.app ? { app: v.app } : {}) }),
    submit: async (body) => {
      const { consoleEndpoints } = await import('@app/contract/schemas/console');
      const { data } = await callApi(consoleEndpoints.login, { body });
      queryClient.clear();
      session.adopt(data.access_token);
      navigate(back, { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fieldMessage('app')) setAskApp(true);
      return false;
    },
  });

  if (token && !form.busy) return <Navigate to={back} replace />;

  return (
    <div className="login-screen">
      <main className="login-card card" id="main">
        <p className="login-product">{t('console.product')}</p>
        <h1>{t('console.login.title')}</h1>
        <p className="muted">{t('console.login.intro')}</p>
        <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
          <TextField
            label={t('console.login.email')}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            value={form.values.email}
            onChange={(e) => form.setValue('email', e.target.value)}
            error={form.errors.email}
          />
          <TextField
            label={t('console.login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={form.values.password}
            onChange={(e) => form.setValue('password', e.target.value)}
            error={form.errors.password}
          />
          {askApp && (
            <TextField
              label={t('console.login.app')}
              hint={t('console.login.appHint')}
              name="app"
              autoComplete="off"
              spellCheck={false}
              value={form.values.app}
              onChange={(e) => form.setValue('app', e.target.value)}
              error={form.errors.app}
            />
          )}
          <FormError message={form.formError} focusRef={form.formErrorRef} />
          <Button type="submit" variant="primary" busy={form.busy} className="login-submit">
            {t('console.login.submit')}
          </Button>
        </form>
      </main>
      <footer className="login-footer">
        <LanguageSelect />
      </footer>
    </div>
  );
}
