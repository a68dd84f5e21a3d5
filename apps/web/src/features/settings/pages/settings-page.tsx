import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentModule } from '../../../lib/app-state.ts';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Icon, type IconName } from '../../../ui/icon.tsx';
import { LanguageSelect } from '../../../ui/language-select.tsx';
import { useConfirmDeletion, useReport, useSettingsInfo } from '../api/settings-api.ts';
import { AdminMessageForm } from '../components/admin-message-form.tsx';
import { ContactDialog } from '../components/contact-dialog.tsx';
import { DeleteAccountDialog } from '../components/delete-account-dialog.tsx';
import { failureToast } from '../failure.ts';
import '../settings.css';

function Entry({
  icon,
  label,
  to,
  onClick,
  danger,
  after,
}: {
  icon: IconName;
  label: string;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
  after?: ReactNode;
}) {
  const body = (
    <>
      <Icon name={icon} size={22} />
      <span className="settings-entry-label">{label}</span>
      {after}
      {to ? <Icon name="next" size={18} /> : null}
    </>
  );
  const className = `settings-entry${danger ? ' settings-entry-danger' : ''}`;
  return (
    <li>
      {to ? (
        <Link to={to} className={className}>
          {body}
        </Link>
      ) : (
        <button type="button" className={className} onClick={onClick}>
          {body}
        </button>
      )}
    </li>
  );
}

/**
 * The interface language, at once for the whole app: texts re-render with i18next; what the server
 * wrote in the old language (activity lines, messages) is fetched again, and those calls carry the new
 * locale cookie, which the server stores as the member's language (pushes, mails). The socket
 * reconnects with it by itself (lib/socket.ts).
 */
function LanguageEntry() {
  const queryClient = useQueryClient();
  return (
    <li>
      <div className="settings-entry settings-language">
        <Icon name="globe" size={22} />
        <LanguageSelect showLabel className="settings-language-select" onChanged={() => void queryClient.invalidateQueries()} />
      </div>
    </li>
  );
}

/**
 * settings.index (spec 3): Share App, Notifications, Language, Contact, Report, Delete Account, Log Out;
 * the owner's message form.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const info = useSettingsInfo(moduleId);
  const report = useReport(moduleId);
  const [dialog, setDialog] = useState<'report' | 'delete' | 'owner' | 'developers' | null>(null);
  const close = () => setDialog(null);
  // The link of a deletion mail (an account without a password) lands here: one more "Are you sure?".
  const [search] = useSearchParams();
  const deleteToken = search.get('delete_token');
  const navigate = useNavigate();
  const confirmDeletion = useConfirmDeletion();
  const leaveLink = () => navigate(`/settings/${moduleId}`, { replace: true });
  const deleteNow = () =>
    deleteToken &&
    confirmDeletion.mutate(deleteToken, {
      onSuccess: () => {
        toast(t('settings.delete.done'));
        navigate('/logout', { replace: true });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 404) toast(t('settings.errors.linkInvalid'), 'error');
        else failureToast(err, t);
        leaveLink();
      },
    });

  const share = () =>
    copyLink('/').then(
      () => toast(t('settings.linkCopied')),
      () => toast(t('common.errors.generic'), 'error'),
    );
  const reported = info.data?.reported ?? false;

  return (
    <section className="page settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title" className="page-title">
        {mod?.name ?? t('settings.title')}
      </h1>
      <ul className="card settings-list">
        <Entry icon="link" label={t('settings.shareApp')} onClick={() => void share()} />
        <Entry icon="bell" label={t('settings.notifications')} to={`/settings/${moduleId}/notifications`} />
        <LanguageEntry />
        {info.data?.can_contact_owner ? <Entry icon="mail" label={t('settings.contactOwner')} onClick={() => setDialog('owner')} /> : null}
        <Entry icon="bug" label={t('settings.contactDevelopers')} onClick={() => setDialog('developers')} />
        <Entry
          icon="alert"
          label={t('settings.reportApp')}
          onClick={() => (reported ? toast(t('settings.reported')) : setDialog('report'))}
          after={reported ? <span className="settings-entry-note">{t('settings.reported')}</span> : null}
        />
        <Entry icon="lock" label={t('settings.deleteAccount')} danger onClick={() => setDialog('delete')} />
        <Entry icon="logout" label={t('settings.logOut')} to="/logout" />
      </ul>
      {info.data?.is_app_owner ? <AdminMessageForm moduleId={moduleId} /> : null}

      <ConfirmDialog
        open={dialog === 'report'}
        title={t('settings.reportConfirm.title')}
        text={t('settings.reportConfirm.text')}
        confirmLabel={t('settings.reportConfirm.confirm')}
        cancelLabel={t('settings.cancel')}
        busy={report.isPending}
        onClose={close}
        onConfirm={() =>
          report.mutate(undefined, {
            onSuccess: () => {
              toast(t('settings.reported'));
              close();
            },
            onError: (err) => failureToast(err, t),
          })
        }
      />
      <ContactDialog moduleId={moduleId} to={dialog === 'owner' || dialog === 'developers' ? dialog : null} onClose={close} />
      <DeleteAccountDialog moduleId={moduleId} open={dialog === 'delete'} hasPassword={info.data?.has_password ?? true} onClose={close} />
      <ConfirmDialog
        open={Boolean(deleteToken)}
        title={t('settings.delete.confirmTitle')}
        text={t('settings.delete.confirmText')}
        confirmLabel={t('settings.delete.confirm')}
        cancelLabel={t('settings.cancel')}
        danger
        busy={confirmDeletion.isPending}
        onClose={leaveLink}
        onConfirm={deleteNow}
      />
    </section>
  );
}
