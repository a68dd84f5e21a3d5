import { PROFILE_LIMITS, PROFILE_TAG_FIELDS, type ProfileTagField } from '@app/contract/profile-constants';
import type { MyProfile, ProfileUpdateBody } from '@app/contract/schemas/users';
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
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useLeaveGuard } from '../../../ui/leave-guard.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';
import { usePreferences, useRemoveImage, useUploadPhoto } from '../api/profile-api.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { TagInput } from '../components/tag-input.tsx';
import { resizeImage } from '../resize-image.ts';
import '../profile.css';

/**
 * The form's values are strings (lib/use-form): tag lists one per line, social links as a JSON
 * list; both become the contract's arrays when sent.
 */
type ProfileValues = {
  first_name: string;
  last_name: string;
  job_title: string;
  company: string;
  location: string;
  public_email: string;
  social_urls: string;
  pitch: string;
  additional_info: string;
} & Record<ProfileTagField, string>;

const lines = (s: string) => (s ? s.split('\n') : []);
/** The social links, kept as a JSON list so that a new empty row survives. */
const linksOf = (s: string): string[] => {
  try {
    const x: unknown = JSON.parse(s);
    return Array.isArray(x) ? x.map(String) : [];
  } catch {
    return [];
  }
};
const initial: ProfileValues = {
  first_name: '',
  last_name: '',
  job_title: '',
  company: '',
  location: '',
  public_email: '',
  social_urls: '[]',
  pitch: '',
  additional_info: '',
  interested_in: '',
  expert_in: '',
  looking_for: '',
  hobbies: '',
  touchpoints: '',
  topics: '',
};
function valuesOf(p: MyProfile): ProfileValues {
  const v = { ...initial };
  for (const k of Object.keys(initial) as Array<keyof ProfileValues>) {
    const x = p[k];
    v[k] = Array.isArray(x) ? x.join('\n') : (x ?? '');
  }
  v.social_urls = JSON.stringify(p.social_urls);
  return v;
}
const bodyOf = (v: ProfileValues) => {
  const body: Record<string, unknown> = { ...v, social_urls: linksOf(v.social_urls).filter((u) => u.trim()) };
  for (const f of PROFILE_TAG_FIELDS) body[f] = lines(v[f]);
  return body;
};

/** An image chosen for upload: scaled down in the browser (1600 px, JPEG 0.7), checked again by the server. */
function useImageUpload(field: 'avatar' | 'photo', upload: (b: Blob) => Promise<unknown>) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    try {
      await upload(await resizeImage(file));
    } catch (err) {
      setError(
        err instanceof ApiError ? (err.fieldMessage(field) ?? err.refusal ?? t('profile.errors.generic')) : t('profile.errors.generic'),
      );
    }
  };
  return { error, pick };
}

function ImagePicker(props: {
  label: string;
  hint: string;
  busy: boolean;
  error?: string | undefined;
  onPick: (f: File | undefined) => void;
  /** The remove button's label, when there is a picture to remove. */
  removeLabel?: string | undefined;
  onRemove?: () => void;
}) {
  const id = useId();
  return (
    <div>
      <div className="profile-image-actions">
        <label htmlFor={id} className="btn btn-secondary">
          {props.label}
        </label>
        {props.removeLabel && props.onRemove ? (
          <Button variant="ghost" onClick={props.onRemove}>
            {props.removeLabel}
          </Button>
        ) : null}
      </div>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        aria-describedby={`${id}-hint`}
        onChange={(e) => props.onPick(e.target.files?.[0])}
      />
      <p id={`${id}-hint`} className="field-hint">
        {props.hint}
      </p>
      {props.busy ? <Spinner /> : null}
      {props.error ? (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "Remove avatar" / "Remove photo" after the spec's question for destructive actions; the server
 * deletes the stored picture and answers the profile.
 */
function useRemoval(what: 'avatar' | 'photo', myId: number | undefined) {
  const { t } = useTranslation();
  const remove = useRemoveImage(what);
  const [asking, setAsking] = useState(false);
  const title = what === 'avatar' ? t('profile.edit.removeAvatarTitle') : t('profile.edit.removeBigPhotoTitle');
  const dialog = (
    <ConfirmDialog
      open={asking}
      title={title}
      text={t('profile.edit.removeConfirm')}
      confirmLabel={t('profile.edit.remove')}
      cancelLabel={t('common.actions.cancel')}
      danger
      busy={remove.isPending}
      onClose={() => setAsking(false)}
      onConfirm={() => {
        if (!myId) return;
        remove.mutate(myId, {
          onSuccess: () => {
            setAsking(false);
            toast(what === 'avatar' ? t('profile.edit.avatarRemoved') : t('profile.edit.bigPhotoRemoved'));
          },
          onError: () => toast(t('profile.errors.generic'), 'error'),
        });
      }}
    />
  );
  return { ask: () => setAsking(true), dialog };
}

/**
 * A long text section (pitch, additional info). Nothing typed or pasted is cut: past the limit the
 * field says so at once (spec 3 §5 "You have exceeded max content size!"), as the server would.
 */
function TextArea(props: { label: string; name: string; value: string; error?: string | undefined; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const error = props.value.length > PROFILE_LIMITS.textMax ? t('profile.errors.contentSize') : props.error;
  const { describedBy } = fieldMessageIds(id, undefined, error);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        id={id}
        name={props.name}
        rows={4}
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldMessages id={id} error={error} />
    </div>
  );
}

/** profile.edit: every section of the profile, photos and preferences; required before the app opens (routing rule 5). */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useMenu();
  const profile = useMyProfile();
  const update = useUpdateProfile();
  const avatar = useUploadAvatar();
  const photo = useUploadPhoto();
  const prefs = usePreferences();
  const avatarPick = useImageUpload('avatar', avatar.mutateAsync);
  const photoPick = useImageUpload('photo', photo.mutateAsync);
  const avatarRemoval = useRemoval('avatar', profile.data?.id);
  const photoRemoval = useRemoval('photo', profile.data?.id);
  const derived = deriveMenu(menu.data);
  const forced = !derived.profileCompleted;
  const form = useForm<ProfileValues, ProfileUpdateBody>({
    initial,
    schema: () => import('@app/contract/schemas/users').then((s) => s.profileUpdateBody),
    body: bodyOf,
    submit: async (body) => {
      await update.mutateAsync(body);
      toast(t('profile.edit.saved'));
      leave.release();
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
  // Leaving with changes not saved asks first (not in the forced first edit, which the shell holds open).
  const leave = useLeaveGuard(!forced && profile.data !== undefined && JSON.stringify(values) !== JSON.stringify(valuesOf(profile.data)));

  useEffect(() => {
    if (profile.data) setValues(valuesOf(profile.data));
  }, [profile.data, setValues]);

  if (profile.isPending) return <Spinner />;
  const p = profile.data;

  const set = (field: keyof ProfileValues) => (e: { target: { value: string } }) => form.setValue(field, e.target.value);
  const links = linksOf(values.social_urls);
  const setLinks = (list: string[]) => form.setValue('social_urls', JSON.stringify(list));
  const name = `${values.first_name} ${values.last_name}`.trim();

  return (
    <section className="page profile-edit">
      <h1 className="page-title">{forced ? t('profile.edit.incompleteTitle') : t('profile.edit.title')}</h1>
      {forced ? <p className="profile-intro">{t('profile.edit.incompleteText')}</p> : null}
      <form ref={form.formRef} className="profile-form" noValidate onSubmit={form.onSubmit}>
        <fieldset className="card profile-fieldset">
          <legend>{t('profile.sections.personal')}</legend>
          <div className="profile-photo">
            <Avatar src={p?.avatar} name={name || '?'} size={88} />
            <ImagePicker
              label={p?.avatar ? t('profile.edit.changePhoto') : t('profile.edit.uploadPhoto')}
              hint={t('profile.edit.photoHint')}
              busy={avatar.isPending}
              error={avatarPick.error}
              onPick={(f) => void avatarPick.pick(f)}
              removeLabel={p?.avatar ? t('profile.edit.removeAvatar') : undefined}
              onRemove={avatarRemoval.ask}
            />
            {avatarRemoval.dialog}
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
            <TextField
              label={t('profile.fields.location')}
              name="location"
              autoComplete="address-level2"
              value={values.location}
              onChange={set('location')}
              error={errors.location}
            />
          </div>
        </fieldset>

        <fieldset className="card profile-fieldset">
          <legend>{t('profile.sections.contacts')}</legend>
          <TextField
            label={t('profile.fields.publicEmail')}
            name="public_email"
            type="email"
            autoComplete="email"
            value={values.public_email}
            onChange={set('public_email')}
            error={errors.public_email}
            hint={t('profile.edit.publicEmailHint')}
          />
          <fieldset className="profile-links-edit">
            <legend>{t('profile.sections.social')}</legend>
            {links.map((url, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in the list being edited
              <div key={i} className="link-row">
                <TextField
                  label={t('profile.fields.socialUrl', { n: i + 1 })}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={url}
                  onChange={(e) => setLinks(links.map((x, k) => (k === i ? e.target.value : x)))}
                />
                <button type="button" className="btn btn-ghost link-remove" onClick={() => setLinks(links.filter((_, k) => k !== i))}>
                  <Icon name="close" size={18} label={t('profile.edit.removeLink', { n: i + 1 })} />
                </button>
              </div>
            ))}
            {errors.social_urls ? (
              <p className="field-error" role="alert">
                {errors.social_urls}
              </p>
            ) : null}
            <Button variant="secondary" disabled={links.length >= PROFILE_LIMITS.socialMax} onClick={() => setLinks([...links, ''])}>
              {t('profile.edit.addLink')}
            </Button>
          </fieldset>
        </fieldset>

        <fieldset className="card profile-fieldset">
          <legend>{t('profile.sections.about')}</legend>
          <TextArea
            label={t('profile.sections.pitch')}
            name="pitch"
            value={values.pitch}
            error={errors.pitch}
            onChange={(v) => form.setValue('pitch', v)}
          />
          {PROFILE_TAG_FIELDS.map((f) => (
            <TagInput
              key={f}
              label={t(`profile.sections.${f}`)}
              value={lines(values[f])}
              error={errors[f]}
              onChange={(tags) => form.setValue(f, tags.join('\n'))}
            />
          ))}
          <TextArea
            label={t('profile.sections.additional_info')}
            name="additional_info"
            value={values.additional_info}
            error={errors.additional_info}
            onChange={(v) => form.setValue('additional_info', v)}
          />
        </fieldset>

        {form.formError ? (
          <p ref={form.formErrorRef} className="field-error" role="alert" tabIndex={-1}>
            {form.formError}
          </p>
        ) : null}
        <Button type="submit" block busy={form.busy}>
          {forced ? t('profile.edit.continue') : t('common.actions.save')}
        </Button>
      </form>
      {leave.dialog}

      {p ? (
        <section className="card profile-fieldset profile-form" aria-labelledby="profile-photo-title">
          <h2 id="profile-photo-title">{t('profile.sections.photo')}</h2>
          {p.photo ? <img className="profile-big-photo" src={p.photo} alt={t('profile.view.photoOf', { name })} /> : null}
          <ImagePicker
            label={p.photo ? t('profile.edit.changeBigPhoto') : t('profile.edit.uploadBigPhoto')}
            hint={t('profile.edit.bigPhotoHint')}
            busy={photo.isPending}
            error={photoPick.error}
            onPick={(f) => void photoPick.pick(f)}
            removeLabel={p.photo ? t('profile.edit.removeBigPhoto') : undefined}
            onRemove={photoRemoval.ask}
          />
          {photoRemoval.dialog}
        </section>
      ) : null}

      {p && !forced ? (
        <section className="card profile-fieldset profile-form" aria-labelledby="profile-prefs-title">
          <h2 id="profile-prefs-title">{t('profile.sections.preferences')}</h2>
          <label className="profile-check">
            <input
              type="checkbox"
              checked={p.preferences.email_visibility === 'members'}
              disabled={prefs.isPending}
              onChange={(e) => prefs.mutate({ email_visibility: e.target.checked ? 'members' : 'nobody' })}
            />
            <span>{t('profile.preferences.showEmail')}</span>
          </label>
          <label className="profile-check">
            <input
              type="checkbox"
              checked={p.preferences.listed_in_directory}
              disabled={prefs.isPending}
              onChange={(e) => prefs.mutate({ listed_in_directory: e.target.checked })}
            />
            <span>{t('profile.preferences.listed')}</span>
          </label>
        </section>
      ) : null}

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
