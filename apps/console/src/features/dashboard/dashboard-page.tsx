import { DASHBOARD_PERIODS, type Dashboard, type DashboardMetric, type DashboardSeries } from '@app/contract/schemas/console-dashboard';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../lib/current-app.ts';
import { downloadFile } from '../../lib/download.ts';
import { currentLocale, toLng } from '../../lib/i18n.ts';
import { Card, PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { useToast } from '../../ui/toast.tsx';
import { dashboardCsvPath, useDashboard } from './dashboard-api.ts';
import { DashboardChart } from './dashboard-chart.tsx';
import { VitalsPanel } from './vitals-panel.tsx';
import './dashboard.css';

type Period = (typeof DASHBOARD_PERIODS)[number];

/** The app's home for its owners: figure cards and a chart per figure over 7, 30 or 90 days, each exportable as CSV. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { app, appId } = useCurrentApp();
  const [days, setDays] = useState<Period>(30);
  const q = useDashboard(appId ?? 0, days);
  const [exporting, setExporting] = useState<string | undefined>();
  const toast = useToast();
  const locale = toLng(currentLocale());

  const exportCsv = async (metric: DashboardMetric | 'all') => {
    if (!appId) return;
    setExporting(metric);
    try {
      await downloadFile(dashboardCsvPath(appId), { days, metric }, `${metric}.csv`);
    } catch {
      toast(t('console-dashboard.exportFailed'), 'error');
    } finally {
      setExporting(undefined);
    }
  };

  const d = q.data;
  return (
    <>
      <PageHeader
        title={app ? t('console-dashboard.title', { name: app.name }) : t('console-dashboard.titlePlain')}
        actions={
          <Button onClick={() => void exportCsv('all')} busy={exporting === 'all'} disabled={!d}>
            {t('console-dashboard.exportAll')}
          </Button>
        }
      >
        <fieldset className="dash-period">
          <legend className="muted">{t('console-dashboard.period')}</legend>
          {DASHBOARD_PERIODS.map((p) => (
            <button key={p} type="button" className="dash-period-btn" aria-pressed={p === days} onClick={() => setDays(p)}>
              {t('console-dashboard.days', { count: p })}
            </button>
          ))}
        </fieldset>
      </PageHeader>
      {q.isError && !d ? (
        <Card>
          <p role="alert">{t('console-dashboard.loadFailed')}</p>
          <Button onClick={() => void q.refetch()}>{t('console-dashboard.retry')}</Button>
        </Card>
      ) : !d ? (
        <p className="muted">{t('console.common.loading')}</p>
      ) : (
        <div aria-busy={q.isFetching || undefined}>
          <MemberFigures d={d} locale={locale} />
          <p className="muted dash-range" aria-live="polite">
            {t('console-dashboard.range', { from: dayName(d.from, locale), to: dayName(d.to, locale) })}
          </p>
          <div className="dash-grid">
            {d.series.map((s) => (
              <SeriesCard
                key={s.metric}
                s={s}
                d={d}
                locale={locale}
                busy={exporting === s.metric}
                onExport={() => void exportCsv(s.metric)}
              />
            ))}
          </div>
          {appId && <VitalsPanel appId={appId} days={days} locale={locale} />}
        </div>
      )}
    </>
  );
}

const dayName = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

function MemberFigures({ d, locale }: { d: Dashboard; locale: string }) {
  const { t } = useTranslation();
  const n = new Intl.NumberFormat(locale);
  const figures = [
    ['total', d.members.total],
    ['activeToday', d.members.active_today],
    ['active7d', d.members.active_7d],
  ] as const;
  return (
    <section aria-labelledby="dash-members" className="dash-members">
      <h2 id="dash-members" className="visually-hidden">
        {t('console-dashboard.membersHeading')}
      </h2>
      <dl className="dash-figures">
        {figures.map(([key, value]) => (
          <div key={key} className="card dash-figure">
            <dt>{t(`console-dashboard.members.${key}`)}</dt>
            <dd>{n.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SeriesCard({
  s,
  d,
  locale,
  busy,
  onExport,
}: {
  s: DashboardSeries;
  d: Dashboard;
  locale: string;
  busy: boolean;
  onExport: () => void;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const n = new Intl.NumberFormat(locale);
  const label = t(`console-dashboard.metrics.${s.metric}`);
  let peak = 0;
  for (const [i, v] of s.values.entries()) if (v > (s.values[peak] ?? 0)) peak = i;
  const peakValue = s.values[peak] ?? 0;
  const summary =
    s.total === 0
      ? t('console-dashboard.summaryNone', { days: d.days })
      : t('console-dashboard.summary', {
          total: n.format(s.total),
          days: d.days,
          peak: n.format(peakValue),
          day: dayName(d.dates[peak] ?? d.to, locale),
        });
  return (
    <Card
      title={label}
      level={2}
      className="dash-card"
      actions={
        <Button onClick={onExport} busy={busy}>
          {t('console-dashboard.export')}
          <span className="visually-hidden"> ({label})</span>
        </Button>
      }
    >
      <p className="dash-total">
        <span className="dash-total-value">{n.format(s.total)}</span>{' '}
        <span className="muted">{t('console-dashboard.inPeriod', { count: d.days })}</span>
      </p>
      <p className="visually-hidden">{summary}</p>
      {asTable ? (
        <div className="table-wrap dash-table" id={tableId}>
          <table className="data-table">
            <caption className="visually-hidden">{t('console-dashboard.tableCaption', { name: label })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console-dashboard.date')}</th>
                <th scope="col" className="num">
                  {label}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.dates.map((date, i) => (
                <tr key={date}>
                  <td>{dayName(date, locale)}</td>
                  <td className="num">{n.format(s.values[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <DashboardChart dates={d.dates} values={s.values} label={label} locale={locale} />
      )}
      <button
        type="button"
        className="btn btn-link dash-toggle"
        aria-expanded={asTable}
        aria-controls={asTable ? tableId : undefined}
        onClick={() => setAsTable((v) => !v)}
      >
        {asTable ? t('console-dashboard.showChart') : t('console-dashboard.showTable')}
      </button>
    </Card>
  );
}
