import { CONSOLE_EVENT_LIMITS, type RegistrationsImportPreview } from '@app/contract/schemas/console-events';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { Card } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { useToast } from '../../ui/toast.tsx';
import { type ConsoleEvent, exportRegistrations, useImport, usePreviewImport, useRegistrations } from './events-api.ts';
import { NS } from './events-page.tsx';

/** The registered members (name, address, when), the CSV export, and the import with its preview. */
export function RegistrationsPanel({ appId, ev }: { appId: number; ev: ConsoleEvent }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const list = useRegistrations(appId, ev.id, page);
  const [exporting, setExporting] = useState(false);
  return (
    <>
      <Card
        title={t(`${NS}.registrations.title`)}
        actions={
          <Button
            busy={exporting}
            onClick={() => {
              setExporting(true);
              exportRegistrations(appId, ev.id)
                .catch(() => toast(t('console.errors.generic'), 'error'))
                .finally(() => setExporting(false));
            }}
          >
            {t(`${NS}.registrations.export`)}
          </Button>
        }
      >
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            caption={t(`${NS}.registrations.title`)}
            loading={list.isPending}
            rows={list.data?.data}
            rowKey={(r) => r.user_id}
            empty={t(`${NS}.registrations.empty`)}
            page={page}
            pageCount={list.data?.pageCount}
            onPage={setPage}
            columns={[
              { id: 'name', header: t(`${NS}.registrations.name`), cell: (r) => <span className="events-wrap">{r.name || '—'}</span> },
              { id: 'email', header: t(`${NS}.registrations.email`), cell: (r) => <span className="events-wrap">{r.email}</span> },
              {
                id: 'when',
                header: t(`${NS}.registrations.when`),
                cell: (r) => (
                  <time dateTime={r.created_at}>
                    {new Date(r.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                ),
              },
            ]}
          />
        )}
      </Card>
      <ImportCard appId={appId} eventId={ev.id} />
    </>
  );
}

function ImportCard({ appId, eventId }: { appId: number; eventId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const preview = usePreviewImport(appId);
  const run = useImport(appId);
  const [csv, setCsv] = useState<string | undefined>();
  const [result, setResult] = useState<RegistrationsImportPreview | undefined>();
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const failed = (err: unknown) =>
    setError(err instanceof ApiError ? (err.fields[0]?.message ?? err.serverMessage) : t('console.errors.generic'));
  const choose = async (file: File | undefined) => {
    setError(undefined);
    setResult(undefined);
    setCsv(undefined);
    if (!file) return;
    if (file.size > CONSOLE_EVENT_LIMITS.importMax) {
      setError(t(`${NS}.errors.csv.tooLarge`));
      return;
    }
    const text = await file.text();
    setCsv(text);
    preview.mutate({ id: eventId, csv: text }, { onSuccess: setResult, onError: failed });
  };
  const lines = (items: Array<{ line: number; email: string }>) =>
    items.slice(0, 50).map((x) => t(`${NS}.import.line`, { line: x.line, email: x.email || '—' }));
  return (
    <Card title={t(`${NS}.import.title`)}>
      <p className="muted">{t(`${NS}.import.intro`)}</p>
      <div className="field">
        <label htmlFor="events-import-file">{t(`${NS}.import.file`)}</label>
        <input
          ref={input}
          id="events-import-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={error ? 'events-import-error' : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      </div>
      {preview.isPending ? (
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t(`${NS}.import.checking`)}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert" id="events-import-error">
          {error}
        </p>
      ) : null}
      {result && csv !== undefined ? (
        <div role="status" className="events-import">
          <ul>
            <li>{t(`${NS}.import.toRegister`, { n: result.to_register.length })}</li>
            <li>{t(`${NS}.import.already`, { n: result.already_registered.length })}</li>
            <li>{t(`${NS}.import.unknown`, { n: result.unknown.length })}</li>
            <li>{t(`${NS}.import.invalid`, { n: result.invalid.length })}</li>
            {result.places_left_after !== null && result.places_left_after < 0 ? (
              <li className="form-error">{t(`${NS}.import.noRoom`, { n: -result.places_left_after })}</li>
            ) : null}
          </ul>
          {result.unknown.length > 0 ? (
            <details>
              <summary>{t(`${NS}.import.unknownList`)}</summary>
              <ul className="events-wrap">
                {lines(result.unknown).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {result.invalid.length > 0 ? (
            <details>
              <summary>{t(`${NS}.import.invalidList`)}</summary>
              <ul className="events-wrap">
                {lines(result.invalid).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </details>
          ) : null}
          <Button
            variant="primary"
            busy={run.isPending}
            disabled={result.to_register.length === 0 || (result.places_left_after !== null && result.places_left_after < 0)}
            onClick={() =>
              run.mutate(
                { id: eventId, csv },
                {
                  onSuccess: (r) => {
                    toast(t(`${NS}.import.done`, { n: r.registered }));
                    setResult(undefined);
                    setCsv(undefined);
                    if (input.current) input.current.value = '';
                  },
                  onError: failed,
                },
              )
            }
          >
            {t(`${NS}.import.confirm`, { n: result.to_register.length })}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
