import type { Session, SessionMode, SessionView } from '@app/contract/schemas/networking-sessions';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { useAppConfig, useCurrentModule } from '../../../lib/app-state.ts';
import { toast } from '../../../lib/events.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useNow } from '../../../lib/use-now.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { NetworkerCard } from '../components/networker-card.tsx';
import { type MemberAction, useOwnerSessions, useSessionAction, useSessionView } from './api/sessions-api.ts';
import { SessionForm } from './components/session-form.tsx';
import { SessionSymbol } from './components/session-symbol.tsx';
import '../networking.css';
import './sessions.css';

const P = 'networking-sessions';
/** SESSIONS.breakSeconds of the contract (a value here: zod stays out of this page's load). */
const BREAK_MS = 60_000;

/** mm:ss (or h:mm:ss) of a duration in ms, never negative. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export const modeOfPath = (pathname: string): SessionMode => (pathname.includes('/group-networking') ? 'group' : 'speed');

/** The session's facts: members in, minutes per round, rounds, start. */
function Facts({ s }: { s: Session }) {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  const start = new Date(s.starts_at * 1000);
  return (
    <ul className="session-facts">
      <li>{t(`${P}.facts.available`, { count: s.participants })}</li>
      <li>{t(`${P}.facts.duration`, { minutes: s.round_minutes })}</li>
      <li>{t(`${P}.facts.rounds`, { count: s.rounds })}</li>
      {s.state === 'scheduled' ? (
        <li>{t(`${P}.facts.starts`, { time: `${formatDate(start, t)} ${formatTime(start, timeFormat)}` })}</li>
      ) : null}
    </ul>
  );
}

function Rules({ mode, size, open }: { mode: SessionMode; size: number; open: boolean }) {
  const { t } = useTranslation();
  return (
    <details className="card session-rules" open={open}>
      <summary>{t(`${P}.rules.title`)}</summary>
      <ol>
        <li>{t(`${P}.rules.join`)}</li>
        <li>{mode === 'speed' ? t(`${P}.rules.pairSpeed`) : t(`${P}.rules.pairGroup`, { size })}</li>
        <li>{t(`${P}.rules.find`)}</li>
        <li>{t(`${P}.rules.ready`)}</li>
        <li>{t(`${P}.rules.talk`)}</li>
      </ol>
    </details>
  );
}

/**
 * networking.speed and networking.group (spec 3 §2, §4): the current session of this mode and my
 * state in it: rules → "I'm in" → matching → speaking now (timer, topic, the shared picture and
 * number, the partners, Ready / Partner wasn't ready) → waiting → session ended, then the next
 * partner or group. Owners plan, edit, start and cancel sessions here. The shell's socket events
 * refetch it at each change of the round; a return to the tab reloads it.
 */
export default function SessionPage() {
  const { t } = useTranslation();
  const mod = useCurrentModule();
  const { pathname } = useLocation();
  const mode = modeOfPath(pathname);
  usePageTitle(t(`${P}.title.${mode}`));
  if (!mod) {
    return (
      <section className="page">
        <EmptyState title={t('shell.notFound.title')} text={t('shell.notFound.page')} />
      </section>
    );
  }
  return <SessionScreen moduleId={mod.app_module_id} mode={mode} />;
}

function SessionScreen({ moduleId, mode }: { moduleId: number; mode: SessionMode }) {
  const { t } = useTranslation();
  const query = useSessionView(moduleId, mode);
  const action = useSessionAction(moduleId, mode);
  const owner = useOwnerSessions(moduleId);
  const [form, setForm] = useState<{ session?: Session } | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'cancel' | 'start' | 'leave'; id: number } | null>(null);
  const now = useNow(1000);
  // The server's clock: the countdown holds however the device's clock is set.
  const offset = useRef(0);
  const view = query.data;
  useEffect(() => {
    if (view) offset.current = view.now - Date.now();
  }, [view]);
  const serverNow = now.getTime() + offset.current;
  const s = view?.session ?? null;
  const left = s?.ends_at ? s.ends_at - serverNow : s?.state === 'scheduled' ? s.starts_at * 1000 - serverNow : 0;
  // The round's end came and no event told us (a lost socket): ask once.
  const asked = useRef<string>('');
  useEffect(() => {
    const key = `${s?.id}:${s?.round}:${s?.phase}:${s?.state}`;
    if (s && (s.state === 'running' || s.state === 'scheduled') && left < -2500 && asked.current !== key) {
      asked.current = key;
      void query.refetch();
    }
  }, [s, left, query]);

  const act = (a: MemberAction) => {
    if (!s) return;
    action.mutate(
      { id: s.id, action: a },
      { onError: (err) => toast(err instanceof ApiError ? err.message : t('common.errors.generic'), 'error') },
    );
  };

  const back = (
    <nav className="session-links">
      <Link to={`/networking/${moduleId}/${mode === 'speed' ? 'speed-networking' : 'group-networking'}/history`}>
        {t(`${P}.historyTitle.${mode}`)}
      </Link>
      <Link to={`/networking/${moduleId}`}>{t(`${P}.back`)}</Link>
    </nav>
  );

  if (query.isPending) return <Spinner />;
  if (!view) return <EmptyState />;

  const ownerBar = view.is_owner ? (
    <div className="session-owner">
      <Button variant="secondary" onClick={() => setForm({})}>
        {t(`${P}.owner.plan`)}
      </Button>
      {s && s.state === 'scheduled' ? (
        <>
          <Button variant="secondary" onClick={() => setForm({ session: s })}>
            {t(`${P}.owner.edit`)}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm({ kind: 'start', id: s.id })}>
            {t(`${P}.owner.startNow`)}
          </Button>
        </>
      ) : null}
      {s && (s.state === 'scheduled' || s.state === 'running') ? (
        <Button variant="ghost" className="btn-danger" onClick={() => setConfirm({ kind: 'cancel', id: s.id })}>
          {t(`${P}.owner.cancel`)}
        </Button>
      ) : null}
    </div>
  ) : null;

  return (
    <section className="page session-page">
      <h1 className="page-title">{t(`${P}.title.${mode}`)}</h1>
      {s ? (
        <>
          <h2 className="session-name">{s.title}</h2>
          <Facts s={s} />
          <Body
            view={view}
            s={s}
            mode={mode}
            moduleId={moduleId}
            left={left}
            act={act}
            busy={action.isPending}
            onLeave={() => setConfirm({ kind: 'leave', id: s.id })}
          />
        </>
      ) : (
        <>
          <EmptyState title={t(`${P}.state.none`)} text={t(`${P}.state.noneText`)} />
          <Rules mode={mode} size={4} open={false} />
        </>
      )}
      {view.upcoming.length > 0 ? <Upcoming list={view.upcoming} /> : null}
      {ownerBar}
      {back}
      {form ? <SessionForm moduleId={moduleId} mode={mode} session={form.session} open onClose={() => setForm(null)} /> : null}
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.kind === 'cancel' ? t(`${P}.owner.cancel`) : confirm?.kind === 'start' ? t(`${P}.owner.startNow`) : t(`${P}.state.leave`)
        }
        text={
          confirm?.kind === 'cancel'
            ? t(`${P}.owner.cancelConfirm`)
            : confirm?.kind === 'start'
              ? t(`${P}.owner.startConfirm`)
              : t(`${P}.state.leaveConfirm`)
        }
        confirmLabel={
          confirm?.kind === 'cancel' ? t(`${P}.owner.cancel`) : confirm?.kind === 'start' ? t(`${P}.owner.startNow`) : t(`${P}.state.leave`)
        }
        cancelLabel={t(`${P}.owner.close`)}
        danger={confirm?.kind !== 'start'}
        busy={owner.act.isPending || action.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const done = { onSettled: () => setConfirm(null) };
          if (confirm.kind === 'leave') action.mutate({ id: confirm.id, action: 'leave' }, done);
          else owner.act.mutate({ id: confirm.id, action: confirm.kind }, done);
        }}
      />
    </section>
  );
}

function Upcoming({ list }: { list: Session[] }) {
  const { t } = useTranslation();
  const timeFormat = useAppConfig().data?.time_format ?? '24H';
  return (
    <section className="session-upcoming">
      <h2>{t(`${P}.state.upcoming`)}</h2>
      <ul>
        {list.map((u) => {
          const d = new Date(u.starts_at * 1000);
          return (
            <li key={u.id}>
              <strong>{u.title}</strong>{' '}
              <span className="muted">
                {formatDate(d, t)} {formatTime(d, timeFormat)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

interface BodyProps {
  view: SessionView;
  s: Session;
  mode: SessionMode;
  moduleId: number;
  left: number;
  act: (a: MemberAction) => void;
  busy: boolean;
  onLeave: () => void;
}

/** The member's state in the session, one screen state each (spec 3 §4). */
function Body({ view, s, mode, moduleId, left, act, busy, onLeave }: BodyProps) {
  const { t } = useTranslation();
  const me = view.me;
  const findNext = t(mode === 'speed' ? `${P}.state.findNextSpeed` : `${P}.state.findNextGroup`);
  const notReadyNotice = me.partner_not_ready ? (
    <div className="session-notice" role="status">
      <strong>{t(`${P}.state.notReadyTitle`)}</strong> {t(`${P}.state.notReadyText`)}
    </div>
  ) : null;
  const leave =
    me.joined && me.active ? (
      <Button variant="ghost" onClick={onLeave}>
        {t(`${P}.state.leave`)}
      </Button>
    ) : null;

  // Session ended: the summary.
  if (s.state === 'completed' || s.state === 'cancelled') {
    return (
      <div className="session-state" data-state="ended">
        <h3 className="session-state-title">{t(s.state === 'cancelled' ? `${P}.state.cancelled` : `${P}.state.ended`)}</h3>
        {s.state === 'completed' ? (
          <p>{me.met.length > 0 ? t(`${P}.state.endedText`, { count: me.met.length }) : t(`${P}.state.endedNobody`)}</p>
        ) : null}
        <Met view={view} moduleId={moduleId} />
      </div>
    );
  }

  // Rules and activate: not in yet (late joiners welcome while it runs).
  if (!me.joined || !me.active) {
    return (
      <div className="session-state" data-state="rules">
        {me.joined ? <p className="muted">{t(`${P}.state.left`)}</p> : <h3 className="session-state-title">{t(`${P}.state.activate`)}</h3>}
        <Button block busy={busy} onClick={() => act('join')}>
          {me.joined ? findNext : t(`${P}.state.imIn`)}
        </Button>
        {s.state === 'scheduled' ? <p className="session-timer-small">{t(`${P}.state.startsIn`, { countdown: countdown(left) })}</p> : null}
        <Rules mode={mode} size={s.group_size} open />
        <Met view={view} moduleId={moduleId} />
      </div>
    );
  }

  // In, before the start: waiting for the first pairing.
  if (s.state === 'scheduled') {
    return (
      <div className="session-state" data-state="matching">
        <h3 className="session-state-title">{t(`${P}.state.matching`)}</h3>
        <p>{t(`${P}.state.youreIn`)}</p>
        <p className="session-timer" aria-live="off">
          {t(`${P}.state.startsIn`, { countdown: countdown(left) })}
        </p>
        <Rules mode={mode} size={s.group_size} open={false} />
        {leave}
      </div>
    );
  }

  const roundLine = <p className="session-round">{t(`${P}.state.round`, { round: s.round, rounds: s.rounds })}</p>;

  // Between rounds: waiting, then the next partner or group.
  if (s.phase === 'break') {
    return (
      <div className="session-state" data-state="waiting">
        {roundLine}
        <h3 className="session-state-title">{t(`${P}.state.waiting`)}</h3>
        <p>{t(`${P}.state.roundOver`, { round: s.round, countdown: countdown(left) })}</p>
        <p className="session-timer">{countdown(left)}</p>
        <p className="muted">{findNext}…</p>
        <Met view={view} moduleId={moduleId} />
        {leave}
      </div>
    );
  }

  const seat = me.seat;
  // In a round without a seat: sitting out (odd count), or a partner was not ready and nobody is free yet.
  if (!seat) {
    return (
      <div className="session-state" data-state={me.partner_not_ready ? 'not-ready' : 'waiting'}>
        {roundLine}
        {notReadyNotice}
        <h3 className="session-state-title">{t(me.partner_not_ready ? `${P}.state.matching` : `${P}.state.waiting`)}</h3>
        <p>{me.partner_not_ready ? t(`${P}.state.matchingNow`) : t(`${P}.state.sitOut`, { countdown: countdown(left + BREAK_MS) })}</p>
        {leave}
      </div>
    );
  }

  // Speaking now: the picture and number to find each other by, the timer, the topic, the partners.
  const group = seat.partners.length > 1;
  return (
    <div className="session-state" data-state="speaking">
      {roundLine}
      {notReadyNotice}
      <h3 className="session-state-title">{t(`${P}.state.speaking`)}</h3>
      <div className="session-timer" role="timer" aria-label={t(`${P}.state.timeLeft`)}>
        {countdown(left)}
      </div>
      {s.topic ? (
        <p className="session-topic">
          <span className="muted">{t(`${P}.state.topic`)}:</span> {s.topic}
        </p>
      ) : null}
      <div className="session-match card">
        <p className="muted">{t(group ? `${P}.state.findHintGroup` : `${P}.state.findHint`)}</p>
        <div className="session-match-mark">
          <SessionSymbol n={seat.symbol} />
          <span className="session-number" data-number={seat.number}>
            {t(`${P}.state.number`, { number: seat.number })}
          </span>
        </div>
      </div>
      <div className="session-ready">
        {seat.ready ? (
          <p className="session-ready-done" role="status">
            ✓ {t(`${P}.state.youreReady`)}
          </p>
        ) : (
          <Button block busy={busy} onClick={() => act('ready')}>
            {t(`${P}.state.ready`)}
          </Button>
        )}
        <Button variant="secondary" block disabled={busy} onClick={() => act('not-ready')}>
          {t(`${P}.state.notReady`)}
        </Button>
      </div>
      <h3>{t(group ? `${P}.state.group` : `${P}.state.partner`)}</h3>
      <ul className="session-partners">
        {seat.partners.map((p) => (
          <li key={p.id}>
            <NetworkerCard person={p} moduleId={moduleId} messageOnly as="h3">
              <p className={p.ready ? 'session-partner-ready' : 'muted'}>
                {p.ready ? t(`${P}.state.partnerReady`) : t(`${P}.state.partnerWaiting`)}
              </p>
            </NetworkerCard>
          </li>
        ))}
      </ul>
      {leave}
    </div>
  );
}

/** Everyone met in this session so far. */
function Met({ view, moduleId }: { view: SessionView; moduleId: number }) {
  const { t } = useTranslation();
  if (view.me.met.length === 0) return null;
  return (
    <section className="session-met">
      <h3>{t(`${P}.state.met`)}</h3>
      <ul className="session-partners">
        {view.me.met.map((p) => (
          <li key={p.id}>
            <NetworkerCard person={p} moduleId={moduleId} messageOnly as="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
