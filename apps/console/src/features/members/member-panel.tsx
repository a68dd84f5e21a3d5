import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Checkbox } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type MemberAction, type MemberProfile, useMember, useMemberAction, useSetRoles } from './members-api.ts';
import { formatDate, RoleBadges, StatusBadge } from './members-page.tsx';

/** What each destructive action asks before it runs; the others run at once. */
const ASKS: Partial<Record<MemberAction, 'danger' | 'primary'>> = { block: 'danger', revoke: 'danger', remove: 'danger' };

/** One member at a glance, beside the list (above it on a phone), with the organiser's actions. */
export function MemberPanel({ appId, userId, onClose }: { appId: number; userId: number; onClose: () => void }) {
  const { t } = useTranslation('console-members');
  const member = useMember(appId, userId);
  const heading = useRef<HTMLHeadingElement>(null);
  // A newly opened member takes the focus, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (member.data?.id === userId) heading.current?.focus();
  }, [member.data?.id, userId]);

  return (
    <aside className="member-panel card" aria-labelledby="member-panel-title">
      <div className="card-head">
        <h2 className="card-title" id="member-panel-title" tabIndex={-1} ref={heading}>
          {member.data ? member.data.name || member.data.email : t('panel.title')}
        </h2>
        <Button onClick={onClose}>{t('panel.close')}</Button>
      </div>
      {member.isPending && <p className="muted">{t('console.common.loading')}</p>}
      {member.isError && (
        <p className="form-error" role="alert">
          {member.error instanceof ApiError && member.error.status === 404 ? t('panel.gone') : t('console.errors.load')}
        </p>
      )}
      {member.data && <Profile appId={appId} m={member.data} onGone={onClose} />}
    </aside>
  );
}

function Profile({ appId, m, onGone }: { appId: number; m: MemberProfile; onGone: () => void }) {
  const { t } = useTranslation('console-members');
  const toast = useToast();
  const action = useMemberAction(appId, m.id);
  const [asking, setAsking] = useState<MemberAction | undefined>();

  const run = async (a: MemberAction) => {
    try {
      await action.mutateAsync(a);
      setAsking(undefined);
      toast(t(`actions.${a}.done`, { email: m.email }));
      if (a === 'remove' || a === 'revoke') onGone();
    } catch (err) {
      setAsking(undefined);
      toast((err instanceof ApiError && (err.fields[0]?.message ?? err.serverMessage)) || t('console.errors.generic'), 'error');
    }
  };
  const start = (a: MemberAction) => (ASKS[a] ? setAsking(a) : void run(a));

  const facts: Array<[string, string | number]> = [
    [t('panel.email'), m.email],
    [t('panel.jobTitle'), m.job_title],
    [t('panel.company'), m.company],
    [t('panel.location'), m.location],
    [t('panel.joined'), formatDate(m.joined_at)],
    [t('panel.lastSignIn'), m.last_sign_in_at ? formatDate(m.last_sign_in_at) : t('panel.never')],
  ];
  const counts: Array<[string, number]> = [
    [t('panel.registrations'), m.counts.registrations],
    [t('panel.posts'), m.counts.posts],
    [t('panel.comments'), m.counts.comments],
    [t('panel.reports'), m.counts.reports],
    [t('panel.sessions'), m.counts.sessions],
  ];
  return (
    <>
      <p className="member-badges">
        <StatusBadge status={m.status} /> <RoleBadges roles={m.roles} />
      </p>
      {m.avatar_url && <img className="member-avatar" src={m.avatar_url} alt="" width={64} height={64} />}
      <dl className="member-facts">
        {facts
          .filter(([, v]) => v !== '')
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <h3 className="member-subhead">{t('panel.activity')}</h3>
      <dl className="member-counts">
        {counts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {m.invitation && <p className="muted">{t('panel.invitationUntil', { date: formatDate(m.invitation.expires_at) })}</p>}

      <RolesForm appId={appId} m={m} />

      <h3 className="member-subhead">{t('panel.actions')}</h3>
      <div className="member-actions">
        {m.status === 'invited' && (
          <>
            <Button onClick={() => start('resend')} busy={action.isPending && action.variables === 'resend'}>
              {t('actions.resend.button')}
            </Button>
            <Button variant="danger" onClick={() => start('revoke')}>
              {t('actions.revoke.button')}
            </Button>
          </>
        )}
        {m.status === 'blocked' ? (
          <Button onClick={() => start('unblock')} busy={action.isPending && action.variables === 'unblock'}>
            {t('actions.unblock.button')}
          </Button>
        ) : (
          <Button variant="danger" onClick={() => start('block')}>
            {t('actions.block.button')}
          </Button>
        )}
        <Button variant="danger" onClick={() => start('remove')}>
          {t('actions.remove.button')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking !== undefined}
        destructive={asking !== undefined && ASKS[asking] === 'danger'}
        busy={action.isPending}
        title={asking ? t(`actions.${asking}.ask`, { name: m.name || m.email }) : ''}
        confirmLabel={asking ? t(`actions.${asking}.button`) : ''}
        onConfirm={() => asking && void run(asking)}
        onCancel={() => setAsking(undefined)}
      >
        {asking && <p>{t(`actions.${asking}.explain`)}</p>}
      </ConfirmDialog>
    </>
  );
}

function RolesForm({ appId, m }: { appId: number; m: MemberProfile }) {
  const { t } = useTranslation('console-members');
  const toast = useToast();
  const save = useSetRoles(appId, m.id);
  const [owner, setOwner] = useState(m.roles.owner);
  const [moderator, setModerator] = useState(m.roles.moderator);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  // Another member opened, or the roles changed elsewhere: the boxes show what is stored.
  useEffect(() => {
    setOwner(m.roles.owner);
    setModerator(m.roles.moderator);
    setError(undefined);
  }, [m.roles.owner, m.roles.moderator]);
  const changed = owner !== m.roles.owner || moderator !== m.roles.moderator;
  return (
    <form
      className="member-roles"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(undefined);
        try {
          await save({ owner, moderator });
          toast(t('roles.saved'));
        } catch (err) {
          setError((err instanceof ApiError && (err.fields[0]?.message ?? err.serverMessage)) || t('console.errors.generic'));
        } finally {
          setBusy(false);
        }
      }}
    >
      <fieldset>
        <legend className="member-subhead">{t('roles.title')}</legend>
        <Checkbox label={t('roles.owner')} hint={t('roles.ownerHint')} checked={owner} onChange={(e) => setOwner(e.target.checked)} />
        <Checkbox
          label={t('roles.moderator')}
          hint={t('roles.moderatorHint')}
          checked={moderator}
          onChange={(e) => setModerator(e.target.checked)}
        />
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="primary" busy={busy} disabled={!changed}>
        {t('roles.save')}
      </Button>
    </form>
  );
}
