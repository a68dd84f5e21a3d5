import type { ProfileUpdateBody } from '@app/contract/schemas/users';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { deriveMenu, useMenu } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { isSafeReturnUrl } from '../../../lib/return-url.ts';
import { storage } from '../../../lib/storage.ts';
import { useForm } from '../../../lib/use-form.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { resizeImage } from '../resize-image.ts';
import '../profile.css';

/** The form's values: every field a string (the contract's company may be absent). */
type ProfileValues = { first_name: string; last_name: string; job_title: string; company: string };

/** profile.edit: name, job title, company and photo; required before the app opens (routing rule 5). */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useMenu();
  const profile = useMyProfile();
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const fileId = useId();
  const derived = deriveMenu(menu.data);
  const forced = !derived.profileCompleted;
  const form = useForm<ProfileValues, ProfileUpdateBody>({
    initial: { first_name: '', last_name: '', job_title: '', company: '' },
    schema: () => import('@app/contract/schemas/users').then((s) => s.profileUpdateBody),
    body: (v) => v,
    submit: async (body) => {
      await update.mutateAsync(body);
      toast(t('profile.edit.saved'));
      if (forced) {
        // The deep link opened before signing in (kept through the forced edit by routing rule 5).
        const returnUrl = storage.get('return_url');
        const to = (isSafeReturnUrl(returnUrl) ? returnUrl : null) ?? derived.firstModuleUrl ?? '/';
        storage.remove('return_url');
        navigate(to, { replace: true });
      } else if (derived.profileModule) {
        navigate(derived.profileModule.url);
      }
    },
  });
  const { values, errors, setValues } = form;

  useEffect(() => {
    if (profile.data) {
      const p = profile.data;
      setValues({ first_name: p.first_name, last_name: p.last_name, job_title: p.job_title, company: p.company ?? '' });
    }
  }, [profile.data, setValues]);

  if (profile.isPending) return <Spinner />;

  const set = (field: keyof ProfileValues) => (e: { target: { value: string } }) => form.setValue(field, e.target.value);

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    setAvatarError(undefined);
    try {
      await upload.mutateAsync(await resizeImage(file));
    } catch (err) {
      setAvatarError(err instanceof ApiError ? (err.fieldMessage('avatar') ?? t('profile.errors.generic')) : t('profile.errors.generic'));
    }
  }

  const name = `${values.first_name} ${values.last_name}`.trim();
  return (
    <section className="page profile-edit">
      <h1 className="page-title">{forced ? t('profile.edit.incompleteTitle') : t('profile.edit.title')}</h1>
      {forced ? <p className="profile-intro">{t('profile.edit.incompleteText')}</p> : null}
      <form ref={form.formRef} className="card profile-form" noValidate onSubmit={form.onSubmit}>
        <div className="profile-photo">
          <Avatar src={profile.data?.avatar} name={name || '?'} size={88} />
          <div>
            <label htmlFor={fileId} className="btn btn-secondary">
              {profile.data?.avatar ? t('profile.edit.changePhoto') : t('profile.edit.uploadPhoto')}
            </label>
            <input
              id={fileId}
              className="visually-hidden"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              aria-describedby={`${fileId}-hint`}
              onChange={(e) => void onPhoto(e.target.files?.[0])}
            />
            <p id={`${fileId}-hint`} className="field-hint">
              {t('profile.edit.photoHint')}
            </p>
            {upload.isPending ? <Spinner /> : null}
            {avatarError ? (
              <p className="field-error" role="alert">
                {avatarError}
              </p>
            ) : null}
          </div>
        </div>
        <div className="profile-grid">
          <TextField
            label={t('profile.fields.firstName')}
            name="first_name"
            autoComplete="given-name"
            required
            value={values.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
          />
          <TextField
            label={t('profile.fields.lastName')}
            name="last_name"
            autoComplete="family-name"
            required
            value={values.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
          />
          <TextField
            label={t('profile.fields.jobTitle')}
            name="job_title"
            autoComplete="organization-title"
            required
            value={values.job_title}
            onChange={set('job_title')}
            error={errors.job_title}
          />
          <TextField
            label={t('profile.fields.company')}
            name="company"
            autoComplete="organization"
            value={values.company}
            onChange={set('company')}
            error={errors.company}
          />
        </div>
        {form.formError ? (
          <p ref={form.formErrorRef} className="field-error" role="alert" tabIndex={-1}>
            {form.formError}
          </p>
        ) : null}
        <Button type="submit" block busy={form.busy}>
          {forced ? t('profile.edit.continue') : t('common.actions.save')}
        </Button>
      </form>
      {forced ? (
        // The only way out of the forced edit: everything else redirects back here.
        <p className="profile-logout">
          <Link className="btn btn-ghost" to="/logout">
            {t('profile.view.logout')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
