import {
  type ModerationAction,
  type ModerationDecision,
  type ModerationItem,
  type ModerationQueue,
  REPORT_KINDS,
} from '@app/contract/schemas/console-moderation';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { useCurrentApp } from '../../lib/current-app.ts';
import { Badge, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/fields.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useToast } from '../../ui/toast.tsx';
import { AnswerDialog, DecisionDialog } from './moderation-dialogs.tsx';
import { moderationKeys, useModerationCount, useModerationLive } from './moderation-live.ts';
import './moderation.css';

const PER_PAGE = 20;
type Status = 'open' | 'done';

function useWhen() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => f.format(new Date(iso));
}

function OpenCard({ item, appKey, onAct }: { item: ModerationItem; appKey: string; onAct: (a: ModerationAction | 'answer') => void }) {
  const { t } = useTranslation();
  const when = useWhen();
  const isContact = item.kind === 'contact';
  const kindName = t(`console-moderation.kinds.${item.kind}`);
  // A blog post or a comment may have no title: the kind and the author name it then.
  const heading = isContact
    ? t('console-moderation.page.messageFrom', { name: item.author?.name ?? '' })
    : item.title || (item.author ? t('console-moderation.page.kindBy', { kind: kindName, name: item.author.name }) : kindName);
  const title = item.title || heading;
  const href = item.link ? `${item.link}${item.link.includes('?') ? '&' : '?'}app=${encodeURIComponent(appKey)}` : undefined;
  return (
    <article className="card moderation-card" aria-labelledby={`mod-${item.kind}-${item.target_id}`}>
      <div className="moderation-head">
        <div className="badges">
          <Badge tone="info">{t(`console-moderation.kinds.${item.kind}`)}</Badge>
          {item.hidden && <Badge tone="warning">{t('console-moderation.page.hidden')}</Badge>}
          {item.gone && <Badge tone="neutral">{t('console-moderation.page.gone')}</Badge>}
          <Badge tone={item.reports_count > 2 ? 'danger' : 'neutral'}>
            {t('console-moderation.page.reports', { count: item.reports_count })}
          </Badge>
        </div>
        <span className="muted">
          {t(isContact ? 'console-moderation.page.sent' : 'console-moderation.page.lastReported', { time: when(item.last_reported_at) })}
        </span>
      </div>
      <h3 className="moderation-title" id={`mod-${item.kind}-${item.target_id}`}>
        {heading}
      </h3>
      {item.excerpt && <blockquote className="moderation-quote">{item.excerpt}</blockquote>}
      <p className="moderation-meta">
        {item.author ? t('console-moderation.page.by', { name: item.author.name }) : t('console-moderation.page.noAuthor')}
        {href && (
          <>
            {' · '}
            <a href={href} target="_blank" rel="noopener noreferrer">
              {t('console-moderation.page.openInApp')}
              <span className="visually-hidden">
                {' '}
                {t('console-moderation.page.openInAppMore', { title: title || item.excerpt.slice(0, 60) })}
              </span>
            </a>
          </>
        )}
      </p>
      {item.reporters.length > 0 && !isContact && (
        <p className="moderation-meta muted">
          {t('console-moderation.page.reportedBy', { names: item.reporters.map((r) => r.name).join(', ') })}
        </p>
      )}
      <div className="moderation-actions">
        {item.actions.map((a) => (
          <Button
            key={a}
            variant={a === 'delete' || a === 'block' ? 'danger' : a === 'answer' ? 'primary' : 'secondary'}
            onClick={() => onAct(a)}
          >
            {t(`console-moderation.actions.${a}`)}
          </Button>
        ))}
      </div>
    </article>
  );
}

function DoneCard({ d }: { d: ModerationDecision }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <article className="card moderation-card">
      <div className="moderation-head">
        <div className="badges">
          <Badge tone="info">{t(`console-moderation.kinds.${d.kind}`)}</Badge>
          <Badge tone={d.action === 'dismiss' || d.action === 'answer' ? 'success' : 'warning'}>
            {t(`console-moderation.done.${d.action}`)}
          </Badge>
          <Badge>{t('console-moderation.page.reports', { count: d.reports_count })}</Badge>
        </div>
        <span className="muted">
          {t('console-moderation.page.decidedBy', {
            action: t(`console-moderation.done.${d.action}`),
            actor: d.actor || '—',
            time: when(d.created_at),
          })}
        </span>
      </div>
      {d.title && <h3 className="moderation-title">{d.title}</h3>}
      {d.excerpt && <blockquote className="moderation-quote">{d.excerpt}</blockquote>}
      {d.author && <p className="moderation-meta">{t('console-moderation.page.by', { name: d.author.name })}</p>}
      <p className="moderation-meta">{t('console-moderation.page.reason', { reason: d.reason })}</p>
    </article>
  );
}

/** The moderation queue of the current app: open reports to decide on, and the decisions taken. */
export default function ModerationPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { appId = 0, app } = useCurrentApp();
  const [status, setStatus] = useState<Status>('open');
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<{ item: ModerationItem; action: ModerationAction | 'answer' } | undefined>();
  const open = useModerationCount(appId);
  const live = useModerationLive();
  const q = useQuery({
    queryKey: moderationKeys.queue(appId, status, kind, page),
    queryFn: () =>
      api<ModerationQueue>(`/console/api/apps/${appId}/moderation`, {
        query: { status, kind: kind || undefined, page, 'per-page': PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
  const choose = (s: string) => {
    setStatus(s === 'done' ? 'done' : 'open');
    setPage(1);
  };
  const done = (action: ModerationAction | 'answer') => {
    setActing(undefined);
    toast(t(`console-moderation.dialog.done.${action}`));
    void queryClient.invalidateQueries({ queryKey: moderationKeys.all(appId) });
  };
  const pageCount = q.data?.pageCount ?? 1;
  const items = status === 'open' ? (q.data?.data.open ?? []) : (q.data?.data.done ?? []);

  return (
    <>
      <PageHeader
        title={t('console.areas.moderation')}
        actions={
          <span className={`moderation-live${live ? ' on' : ''}`} role="status">
            {live ? t('console-moderation.page.live') : t('console-moderation.page.offline')}
          </span>
        }
      >
        <p>{t('console-moderation.page.intro')}</p>
      </PageHeader>
      <Tabs
        label={t('console-moderation.page.tabs')}
        selected={status}
        onSelect={choose}
        tabs={[
          {
            id: 'open',
            label: (
              <>
                {t('console-moderation.page.open')}
                {open !== undefined && open > 0 && (
                  <span className="nav-bubble">
                    <span aria-hidden="true">{open}</span>
                    <span className="visually-hidden">{t('console-moderation.page.openCount', { count: open })}</span>
                  </span>
                )}
              </>
            ),
          },
          { id: 'done', label: t('console-moderation.page.done') },
        ]}
      >
        <div className="moderation-filters">
          <Select
            label={t('console-moderation.page.kindFilter')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value);
              setPage(1);
            }}
            options={[
              { value: '', label: t('console-moderation.page.allKinds') },
              ...REPORT_KINDS.map((k) => ({ value: k, label: t(`console-moderation.kinds.${k}`) })),
            ]}
          />
        </div>
        {q.isError ? (
          <LoadError error={q.error} onRetry={() => void q.refetch()} />
        ) : q.isPending ? (
          <p className="muted">{t('console-moderation.page.loading')}</p>
        ) : items.length === 0 ? (
          <p className="moderation-empty">{t(status === 'open' ? 'console-moderation.page.empty' : 'console-moderation.page.emptyDone')}</p>
        ) : (
          <ul className="moderation-list" aria-busy={q.isFetching}>
            {status === 'open'
              ? (q.data?.data.open ?? []).map((item) => (
                  <li key={`${item.kind}:${item.target_id}`}>
                    <OpenCard item={item} appKey={app?.key ?? ''} onAct={(action) => setActing({ item, action })} />
                  </li>
                ))
              : (q.data?.data.done ?? []).map((d) => (
                  <li key={d.id}>
                    <DoneCard d={d} />
                  </li>
                ))}
          </ul>
        )}
        {pageCount > 1 && (
          <nav className="pager" aria-label={t('console.table.pagination')}>
            <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>
              {t('console.table.previous')}
            </Button>
            <span aria-live="polite">{t('console.table.pageOf', { page, count: pageCount })}</span>
            <Button onClick={() => setPage(page + 1)} disabled={page >= pageCount}>
              {t('console.table.next')}
            </Button>
          </nav>
        )}
      </Tabs>
      {acting?.action === 'answer' && (
        <AnswerDialog appId={appId} item={acting.item} onDone={() => done('answer')} onCancel={() => setActing(undefined)} />
      )}
      {acting && acting.action !== 'answer' && (
        <DecisionDialog
          appId={appId}
          item={acting.item}
          action={acting.action}
          onDone={() => done(acting.action)}
          onCancel={() => setActing(undefined)}
        />
      )}
    </>
  );
}
