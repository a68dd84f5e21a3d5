import { VITAL_METRICS, type VitalMetric, type VitalP75, type VitalRating } from '@app/contract/schemas/vitals';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone, Card } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/fields.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useSetSampleRate, useVitals, type VitalsDevice } from './dashboard-api.ts';

const DEVICES: readonly VitalsDevice[] = ['all', 'mobile', 'desktop'];
/** The shares an owner picks from (0: the app reports nothing). */
const RATES = [0, 0.05, 0.1, 0.25, 0.5, 1] as const;

const TONE: Record<VitalRating, BadgeTone> = { good: 'success', 'needs-improvement': 'warning', poor: 'danger' };
const RATING_KEY: Record<VitalRating, string> = { good: 'good', 'needs-improvement': 'needsImprovement', poor: 'poor' };

/** A p75 as people read it: ms under a second, seconds with one decimal above; CLS with two decimals. */
function formatVital(metric: VitalMetric, value: number, locale: string): string {
  if (metric === 'CLS') return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  if (value < 1000) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 }).format(value);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    value / 1000,
  );
}

/**
 * A route pattern as an organiser reads it: the module's id is in every module route, so it goes
 * (`/news/:app_module_id/post/:id` → `/news/post/:id`); the full pattern stays in the tooltip.
 */
const routeLabel = (pattern: string) => pattern.replace('/:app_module_id', '') || '/';

function VitalCell({ m, locale }: { m: VitalP75 | undefined; locale: string }) {
  const { t } = useTranslation();
  if (!m) {
    return (
      <td className="num vitals-none">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('console-dashboard.vitals.noValue')}</span>
      </td>
    );
  }
  return (
    <td className="num">
      <span className="vitals-value">{formatVital(m.metric, m.p75, locale)}</span>
      <Badge tone={TONE[m.rating]}>{t(`console-dashboard.vitals.rating.${RATING_KEY[m.rating]}`)}</Badge>
    </td>
  );
}

/**
 * Field data on the dashboard: p75 of the Core Web Vitals members' devices measured, per route of
 * the attendee app, each rated by Google's thresholds (the rating in words, not by colour alone).
 */
export function VitalsPanel({ appId, days, locale }: { appId: number; days: number; locale: string }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<VitalsDevice>('all');
  const q = useVitals(appId, days, device);
  const setRate = useSetSampleRate(appId);
  const toast = useToast();
  const captionId = useId();
  const n = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const d = q.data;

  const changeRate = (rate: number) =>
    setRate.mutate(rate, {
      onSuccess: () => toast(t('console-dashboard.vitals.rateSaved', { rate: percent.format(rate) })),
      onError: () => toast(t('console-dashboard.vitals.rateFailed'), 'error'),
    });

  const byMetric = (list: VitalP75[]) => new Map(list.map((m) => [m.metric, m]));

  return (
    <Card title={t('console-dashboard.vitals.title')} level={2} className="vitals-card">
      <p className="muted vitals-intro">{t('console-dashboard.vitals.intro')}</p>
      <div className="vitals-controls">
        <fieldset className="dash-period">
          <legend className="muted">{t('console-dashboard.vitals.device')}</legend>
          {DEVICES.map((x) => (
            <button key={x} type="button" className="dash-period-btn" aria-pressed={x === device} onClick={() => setDevice(x)}>
              {t(`console-dashboard.vitals.devices.${x}`)}
            </button>
          ))}
        </fieldset>
        {d && (
          <Select
            className="vitals-rate"
            label={t('console-dashboard.vitals.sampleRate')}
            hint={t('console-dashboard.vitals.sampleRateHint')}
            value={String(d.sample_rate)}
            disabled={setRate.isPending}
            onChange={(e) => changeRate(Number(e.target.value))}
            options={[...new Set([...RATES, d.sample_rate])]
              .sort((a, b) => a - b)
              .map((r) => ({ value: String(r), label: percent.format(r) }))}
          />
        )}
      </div>
      {q.isError && !d ? (
        <>
          <p role="alert">{t('console-dashboard.vitals.loadFailed')}</p>
          <Button onClick={() => void q.refetch()}>{t('console-dashboard.retry')}</Button>
        </>
      ) : !d ? (
        <p className="muted">{t('console.common.loading')}</p>
      ) : d.routes.length === 0 ? (
        <p className="vitals-empty">{t('console-dashboard.vitals.empty', { count: d.days })}</p>
      ) : (
        // A region the keyboard can reach: on a phone the table scrolls sideways inside it.
        <section
          className="table-wrap vitals-table"
          aria-labelledby={captionId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-busy={q.isFetching || undefined}
        >
          <table className="data-table">
            <caption id={captionId} className="table-caption">
              {t('console-dashboard.vitals.caption', { count: d.days })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('console-dashboard.vitals.route')}</th>
                <th scope="col" className="num">
                  {t('console-dashboard.vitals.samples')}
                </th>
                {VITAL_METRICS.map((m) => (
                  <th key={m} scope="col" className="num">
                    <abbr title={t(`console-dashboard.vitals.metrics.${m}`)}>{m}</abbr>
                    <span className="visually-hidden"> ({t(`console-dashboard.vitals.metrics.${m}`)})</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="vitals-overall">
                <th scope="row">{t('console-dashboard.vitals.allRoutes')}</th>
                <td className="num">{n.format(Math.max(0, ...d.overall.map((m) => m.samples)))}</td>
                {VITAL_METRICS.map((m) => (
                  <VitalCell key={m} m={byMetric(d.overall).get(m)} locale={locale} />
                ))}
              </tr>
              {d.routes.map((r) => {
                const metrics = byMetric(r.metrics);
                return (
                  <tr key={r.route}>
                    <th scope="row">
                      <code className="vitals-route" title={r.route}>
                        {routeLabel(r.route)}
                      </code>
                    </th>
                    <td className="num">{n.format(r.samples)}</td>
                    {VITAL_METRICS.map((m) => (
                      <VitalCell key={m} m={metrics.get(m)} locale={locale} />
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {d && d.routes.length > 0 && (
        // The same figures for a phone: a card per page instead of a table seven columns wide.
        <ul className="vitals-list" aria-label={t('console-dashboard.vitals.caption', { count: d.days })}>
          {[{ route: '', samples: Math.max(0, ...d.overall.map((m) => m.samples)), metrics: d.overall }, ...d.routes].map((r) => (
            <li key={r.route || '*'} className="vitals-item">
              <p className="vitals-item-head">
                {r.route ? (
                  <code className="vitals-route" title={r.route}>
                    {routeLabel(r.route)}
                  </code>
                ) : (
                  <strong>{t('console-dashboard.vitals.allRoutes')}</strong>
                )}
                <span className="muted">{t('console-dashboard.vitals.loads', { count: r.samples, n: n.format(r.samples) })}</span>
              </p>
              <dl className="vitals-item-figures">
                {r.metrics.map((m) => (
                  <div key={m.metric}>
                    <dt>
                      <abbr title={t(`console-dashboard.vitals.metrics.${m.metric}`)}>{m.metric}</abbr>
                    </dt>
                    <dd>
                      <span className="vitals-value">{formatVital(m.metric, m.p75, locale)}</span>{' '}
                      <Badge tone={TONE[m.rating]}>{t(`console-dashboard.vitals.rating.${RATING_KEY[m.rating]}`)}</Badge>
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {d && <p className="muted vitals-foot">{t('console-dashboard.vitals.thresholds')}</p>}
    </Card>
  );
}
