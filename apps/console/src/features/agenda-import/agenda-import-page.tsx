import type { AgendaExportKind, ImportChange, ImportSection } from '@app/contract/schemas/console-agenda-import';
import { AGENDA_IMPORT } from '@app/contract/schemas/console-agenda-import';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useChosenModule } from '../../lib/app-modules.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { Badge, Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { TextField } from '../../ui/fields.tsx';
import { ModuleSwitch } from '../../ui/module-switch.tsx';
import { useToast } from '../../ui/toast.tsx';
import { browserZone, confirmImport, download, type ImportKind, type ImportPreview, previewFile } from './agenda-import-api.ts';
import './agenda-import.css';

const PARTS = ['sessions', 'tracks', 'rooms', 'speakers'] as const;
type PartName = (typeof PARTS)[number];

/**
 * "Agenda import and export" (issue 25): choose an agenda module, a file (agenda CSV, iCalendar,
 * Frab/pretalx XML, or a speakers CSV), see what it would create, change and remove and every
 * error with its line and column, then confirm (asked again when something is removed). Exports
 * and the templates are downloads. The server checks the role and the app again on every call.
 */
export default function AgendaImportPage() {
  const { t } = useTranslation('console-agenda-import');
  usePageTitle(t('ui.title'));
  const appId = Number(useParams().appId) || 0;
  const { modules, chosen, choose } = useChosenModule(appId, ['agenda']);
  return (
    <>
      <PageHeader title={t('ui.title')}>
        <p className="muted">{t('ui.intro')}</p>
      </PageHeader>
      <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />
      {chosen && <ImportAndExport key={chosen.id} appId={appId} moduleId={chosen.id} />}
    </>
  );
}

function ImportAndExport({ appId, moduleId }: { appId: number; moduleId: number }) {
  const { t } = useTranslation('console-agenda-import');
  const toast = useToast();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<ImportKind>('schedule');
  const [zone, setZone] = useState(browserZone);
  const [preview, setPreview] = useState<(ImportPreview & { fileName: string }) | undefined>();
  const [checking, setChecking] = useState(false);
  const [applying, setApplying] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busyExport, setBusyExport] = useState<AgendaExportKind | undefined>();

  const messageOf = (err: unknown) =>
    (err instanceof ApiError && (err.fields[0]?.message ?? err.serverMessage)) || t('console.errors.generic');

  const check = async (file: File | undefined) => {
    setPreview(undefined);
    setError(undefined);
    if (!file) return;
    if (file.size > AGENDA_IMPORT.maxBytes) {
      setError(t('ui.tooLarge', { max: '10 MB' }));
      return;
    }
    setChecking(true);
    try {
      setPreview({ ...(await previewFile(appId, moduleId, kind, file, zone.trim() || 'UTC')), fileName: file.name });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setChecking(false);
    }
  };

  const apply = async () => {
    if (!preview?.token) return;
    setApplying(true);
    try {
      const done = await confirmImport(appId, moduleId, preview.token);
      const total = (p: PartName) => done[p].created + done[p].changed + done[p].removed;
      toast(t('ui.done', { sessions: total('sessions'), speakers: total('speakers') }));
      setPreview(undefined);
      if (input.current) input.current.value = '';
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setApplying(false);
      setAsking(false);
    }
  };

  const save = async (what: AgendaExportKind) => {
    setBusyExport(what);
    setError(undefined);
    try {
      await download(appId, moduleId, what, zone.trim() || 'UTC');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusyExport(undefined);
    }
  };

  const removed = preview ? PARTS.reduce((n, p) => n + preview[p].removed, 0) : 0;
  const changes = preview ? PARTS.reduce((n, p) => n + preview[p].created + preview[p].changed + preview[p].removed, 0) : 0;
  const blocked = !preview?.token || changes === 0;

  return (
    <>
      <Card title={t('ui.importTitle')}>
        <fieldset className="ai-kind">
          <legend>{t('ui.kind')}</legend>
          {(['schedule', 'speakers'] as const).map((k) => (
            <label key={k} className="ai-radio">
              <input
                type="radio"
                name={`${ids}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setPreview(undefined);
                  if (input.current) input.current.value = '';
                }}
              />{' '}
              {t(`ui.kinds.${k}`)}
            </label>
          ))}
        </fieldset>
        <p className="muted ai-hint">{kind === 'schedule' ? t('ui.scheduleHint') : t('ui.speakersHint')}</p>
        <div className="import-actions">
          <Button
            onClick={() => void save(kind === 'schedule' ? 'template' : 'speakersTemplate')}
            busy={busyExport === 'template' || busyExport === 'speakersTemplate'}
          >
            {kind === 'schedule' ? t('ui.template') : t('ui.speakersTemplate')}
          </Button>
        </div>
        {kind === 'schedule' && (
          <TextField
            label={t('ui.timeZone')}
            hint={t('ui.timeZoneHint')}
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
          />
        )}
        <div className="field">
          <label htmlFor={`${ids}-file`}>{t('ui.file')}</label>
          <input
            ref={input}
            id={`${ids}-file`}
            type="file"
            accept={kind === 'schedule' ? '.csv,.ics,.xml,text/csv,text/calendar,application/xml,text/xml' : '.csv,text/csv'}
            onChange={(e) => void check(e.target.files?.[0])}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
        </div>
        {checking && (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> {t('ui.checking')}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert" id={`${ids}-error`}>
            {error}
          </p>
        )}
      </Card>

      {preview && (
        <Card title={t('ui.previewTitle')}>
          <p>
            {t('ui.fileIs', { name: preview.fileName })} <Badge tone="info">{t(`ui.formats.${preview.format}`)}</Badge>
          </p>
          <Summary preview={preview} />
          {preview.errors.length > 0 && <p className="form-error">{t('ui.fixFirst', { count: preview.errors.length })}</p>}
          {preview.token && changes === 0 && <p role="status">{t('ui.nothing')}</p>}
          <div className="import-actions">
            <Button variant="primary" disabled={blocked} busy={applying} onClick={() => (removed ? setAsking(true) : void apply())}>
              {t('ui.confirm')}
            </Button>
            <Button
              onClick={() => {
                setPreview(undefined);
                if (input.current) {
                  input.current.value = '';
                  input.current.focus();
                }
              }}
            >
              {t('ui.another')}
            </Button>
          </div>
          {preview.errors.length > 0 && <Problems caption={t('ui.errorsTitle')} rows={preview.errors} />}
          {preview.warnings.length > 0 && <Problems caption={t('ui.warningsTitle')} rows={preview.warnings} />}
          {PARTS.map((p) => preview[p].items.length > 0 && <Changes key={p} part={p} section={preview[p]} />)}
        </Card>
      )}

      <Card title={t('ui.exportTitle')}>
        <p className="muted">{t('ui.exportHint', { zone: zone.trim() || 'UTC' })}</p>
        <div className="import-actions">
          {(['csv', 'ics', 'frab', 'ratings', 'questions'] as const).map((k) => (
            <Button key={k} busy={busyExport === k} onClick={() => void save(k)}>
              {t(`ui.exports.${k}`)}
            </Button>
          ))}
        </div>
      </Card>

      <ConfirmDialog
        open={asking}
        title={t('ui.removeTitle')}
        confirmLabel={t('ui.removeConfirm')}
        destructive
        busy={applying}
        onConfirm={() => void apply()}
        onCancel={() => setAsking(false)}
      >
        <p>
          {t('ui.removeBody', {
            sessions: preview?.sessions.removed ?? 0,
            tracks: preview?.tracks.removed ?? 0,
            rooms: preview?.rooms.removed ?? 0,
            speakers: preview?.speakers.removed ?? 0,
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The counts: one row per kind of thing, created / changed / removed / unchanged. */
function Summary({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('console-agenda-import');
  return (
    <DataTable
      caption={t('ui.summary')}
      showCaption
      rowKey={(p) => p}
      rows={PARTS}
      columns={[
        { id: 'what', header: t('ui.what'), cell: (p) => t(`ui.parts.${p}`) },
        { id: 'created', header: t('ui.change.created'), cell: (p) => preview[p].created, numeric: true },
        { id: 'changed', header: t('ui.change.changed'), cell: (p) => preview[p].changed, numeric: true },
        {
          id: 'removed',
          header: t('ui.change.removed'),
          cell: (p) => <span className={preview[p].removed ? 'import-bad' : undefined}>{preview[p].removed}</span>,
          numeric: true,
        },
        { id: 'unchanged', header: t('ui.unchanged'), cell: (p) => preview[p].unchanged, numeric: true },
      ]}
    />
  );
}

function Problems({ caption, rows }: { caption: string; rows: ImportPreview['errors'] }) {
  const { t } = useTranslation('console-agenda-import');
  return (
    <DataTable
      caption={caption}
      showCaption
      rowKey={(e) => `${e.line}:${e.column}:${e.message}`}
      rows={rows}
      columns={[
        { id: 'line', header: t('ui.line'), cell: (e) => e.line, numeric: true },
        { id: 'column', header: t('ui.column'), cell: (e) => (e.column ? <code>{e.column}</code> : '—') },
        { id: 'message', header: t('ui.message'), cell: (e) => <span className="ai-wrap">{e.message}</span> },
      ]}
    />
  );
}

const TONES = { created: 'success', changed: 'warning', removed: 'danger' } as const;

function Changes({ part, section }: { part: PartName; section: ImportSection }) {
  const { t } = useTranslation('console-agenda-import');
  const total = section.created + section.changed + section.removed;
  return (
    <DataTable
      caption={
        section.items.length < total
          ? t('ui.listFirst', { what: t(`ui.parts.${part}`), count: section.items.length, total })
          : t(`ui.parts.${part}`)
      }
      showCaption
      rowKey={(c: ImportChange) => `${c.change}:${c.key}`}
      rows={section.items}
      columns={[
        { id: 'change', header: t('ui.what'), cell: (c) => <Badge tone={TONES[c.change]}>{t(`ui.change.${c.change}`)}</Badge> },
        { id: 'name', header: t('ui.name'), cell: (c) => <span className="ai-wrap">{c.name}</span> },
        { id: 'key', header: t('ui.key'), cell: (c) => <code className="ai-wrap">{c.key}</code> },
        { id: 'fields', header: t('ui.fields'), cell: (c) => c.fields.map((f) => t(`ui.field.${f}`, { defaultValue: f })).join(', ') },
      ]}
    />
  );
}
