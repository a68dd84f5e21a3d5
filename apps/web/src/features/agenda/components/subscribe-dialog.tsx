import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/events.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { agendaCalls, useFeed } from '../api/agenda-api.ts';

/**
 * The private calendar subscription of the reader's agenda: a link a calendar app polls, which
 * follows later changes (a moved or cancelled session). Only its hash is kept on the server, so the
 * link shows once; a new link revokes the old one.
 */
export function SubscribeDialog({ moduleId, open, onClose }: { moduleId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const feed = useFeed(moduleId);
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await qc.invalidateQueries({ queryKey: ['agenda', moduleId, 'feed'] });
    } catch {
      toast(t('common.errors.generic'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const make = () =>
    run(async () => {
      const { data } = await agendaCalls.newFeed(moduleId);
      setUrl(data.url);
    });
  const stop = () =>
    run(async () => {
      await agendaCalls.revokeFeed(moduleId);
      setUrl(null);
      toast(t('agenda.calendar.stopped'));
    });
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toast(t('agenda.calendar.copied'));
  };
  const created = feed.data?.created_at;
  return (
    <Dialog
      open={open}
      title={t('agenda.calendar.subscribeTitle')}
      onClose={onClose}
      actions={
        <Button variant="ghost" onClick={onClose}>
          {t('common.actions.close')}
        </Button>
      }
    >
      <div className="stack subscribe">
        <p>{t('agenda.calendar.subscribeText')}</p>
        {url ? (
          <>
            <TextField
              label={t('agenda.calendar.urlLabel')}
              readOnly
              value={url}
              hint={t('agenda.calendar.private')}
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="row wrap">
              <Button onClick={() => void copy()}>{t('agenda.calendar.copy')}</Button>
              <a className="btn btn-secondary" href={url.replace(/^https?:/, 'webcal:')}>
                {t('agenda.calendar.open')}
              </a>
            </div>
          </>
        ) : created ? (
          <p className="muted">{t('agenda.calendar.created', { date: formatDate(new Date(created), t) })}</p>
        ) : null}
        <div className="row wrap">
          <Button variant={url || created ? 'secondary' : 'primary'} busy={busy} onClick={() => void make()}>
            {url || created ? t('agenda.calendar.renew') : t('agenda.calendar.make')}
          </Button>
          {url || created ? (
            <Button variant="ghost" busy={busy} onClick={() => void stop()}>
              {t('agenda.calendar.stop')}
            </Button>
          ) : null}
        </div>
        {url || created ? <p className="muted">{t('agenda.calendar.renewHint')}</p> : null}
      </div>
    </Dialog>
  );
}
