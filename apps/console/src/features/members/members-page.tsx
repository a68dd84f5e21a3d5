import { memberRoleFilter, memberStatus } from '@app/contract/schemas/console-members';
import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { currentLocale, loadNamespaces } from '../../lib/i18n.ts';
import { Badge, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { type Column, DataTable } from '../../ui/data-table.tsx';
import { Select, TextField } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ImportView } from './import-view.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MemberPanel } from './member-panel.tsx';
import { downloadExport, type ListFilters, type MemberRow, useMembers } from './members-api.ts';
import './members.css';

/** The area's texts, loaded with its page. */
const texts = loadNamespaces(['console-members']);

/** Members: list with search and filters; `?member=<id>` opens one at a glance, `?view=import` the CSV import. */
export default function MembersPage() {
  use(texts);
  // The app of the route (/apps/:appId/members); the area route already checked the caller's role there.
  const appId = Number(useParams().appId) || undefined;
  const [params] = useSearchParams();
  if (!appId) return null;
  if (params.get('view') === 'import') return <ImportView appId={appId} />;
  return <MembersList appId={appId} />;
}

const ROLES = memberRoleFilter.options;
const STATUSES = memberStatus.options;
const asRole = (v: string | null) => ROLES.find((r) => r === v);
const asStatus = (v: string | null) => STATUSES.find((s) => s === v);

export function StatusBadge({ status }: { status: MemberRow['status'] }) {
  const { t } = useTranslation('console-members');
  const tone = status === 'active' ? 'success' : status === 'blocked' ? 'danger' : status === 'invited' ? 'info' : 'warning';
  return <Badge tone={tone}>{t(`status.${status}`)}</Badge>;
}

export function RoleBadges({ roles }: { roles: MemberRow['roles'] }) {
  const { t } = useTranslation('console-members');
  const names = (['operator', 'owner', 'moderator'] as const).filter((r) => roles[r]);
  if (!names.length) return <span className="muted">{t('roles.member')}</span>;
  return (
    <span className="badges">
      {names.map((r) => (
        <Badge key={r}>{t(`console.roles.${r}`)}</Badge>
      ))}
    </span>
  );
}

export const formatDate = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(currentLocale().replace('_', '-'), { dateStyle: 'medium' }).format(new Date(iso)) : '';

function MembersList({ appId }: { appId: number }) {
  const { t } = useTranslation('console-members');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const filters: ListFilters = {
    q: params.get('q') ?? undefined,
    role: asRole(params.get('role')),
    status: asStatus(params.get('status')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const memberId = Number(params.get('member')) || undefined;
  const [search, setSearch] = useState(filters.q ?? '');
  const [inviting, setInviting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const list = useMembers(appId, filters);

  const update = (changes: Record<string, string | undefined>, keepPage = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The search follows typing after a short pause.
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (filters.q ?? '')) return;
    const timer = setTimeout(() => update({ q: trimmed || undefined }), 300);
    return () => clearTimeout(timer);
  });

  const linkTo = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('member', String(id));
    return `?${next.toString()}`;
  };

  const columns: Array<Column<MemberRow>> = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (m) => (
        <>
          <Link to={linkTo(m.id)} className="member-link" aria-current={m.id === memberId ? 'true' : undefined}>
            {m.name || m.email}
          </Link>
          {m.name && (
            // Shown only where the e-mail column is not (display: none elsewhere, for screen readers too).
            <span className="member-sub">{m.email}</span>
          )}
        </>
      ),
    },
    { id: 'email', header: t('list.email'), cell: (m) => <span className="member-email">{m.email}</span> },
    { id: 'company', header: t('list.company'), cell: (m) => m.company },
    { id: 'roles', header: t('list.roles'), cell: (m) => <RoleBadges roles={m.roles} /> },
    { id: 'status', header: t('list.status'), cell: (m) => <StatusBadge status={m.status} /> },
    { id: 'joined', header: t('list.joined'), cell: (m) => <span className="nowrap">{formatDate(m.joined_at)}</span> },
  ];

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadExport(appId);
    } catch (err) {
      toast((err instanceof ApiError && err.serverMessage) || t('console.errors.generic'), 'error');
    } finally {
      setExporting(false);
    }
  };

  const total = list.data?.totalCount;
  return (
    <>
      <PageHeader
        title={t('console.areas.members')}
        actions={
          <>
            <Button variant="primary" onClick={() => setInviting(true)}>
              {t('invite.open')}
            </Button>
            <Link className="btn btn-secondary" to="?view=import">
              {t('import.open')}
            </Link>
            <Button onClick={onExport} busy={exporting}>
              {t('export')}
            </Button>
          </>
        }
      >
        {total !== undefined && <p className="muted">{t('list.total', { count: total })}</p>}
      </PageHeader>
      <div className={`members-layout${memberId ? ' has-panel' : ''}`}>
        <div className="members-main">
          <search className="members-filters">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                update({ q: search.trim() || undefined });
              }}
            >
              <TextField
                label={t('list.search')}
                type="search"
                name="q"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                hint={t('list.searchHint')}
              />
            </form>
            <Select
              label={t('list.role')}
              value={filters.role ?? ''}
              onChange={(e) => update({ role: e.target.value || undefined })}
              options={[{ value: '', label: t('list.any') }, ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))]}
            />
            <Select
              label={t('list.status')}
              value={filters.status ?? ''}
              onChange={(e) => update({ status: e.target.value || undefined })}
              options={[{ value: '', label: t('list.any') }, ...STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            />
          </search>
          {list.isError ? (
            <p className="form-error" role="alert">
              {t('console.errors.load')} <Button onClick={() => list.refetch()}>{t('console.common.retry')}</Button>
            </p>
          ) : (
            <DataTable
              caption={t('list.caption')}
              columns={columns}
              rows={list.data?.data}
              rowKey={(m) => m.id}
              loading={list.isFetching}
              empty={filters.q || filters.role || filters.status ? t('list.noMatch') : t('list.empty')}
              page={filters.page}
              pageCount={list.data?.pageCount}
              onPage={(page) => update({ page: String(page) }, true)}
            />
          )}
        </div>
        {memberId && <MemberPanel appId={appId} userId={memberId} onClose={() => update({ member: undefined }, true)} />}
      </div>
      <InviteDialog
        appId={appId}
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(m) => {
          setInviting(false);
          toast(t('invite.sent', { email: m.email }));
          update({ member: String(m.id) }, true);
        }}
      />
    </>
  );
}
