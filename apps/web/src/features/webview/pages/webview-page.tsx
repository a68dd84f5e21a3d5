import { WEBVIEW_URL_MAX } from '@app/contract/webview-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentModule, useMenu } from '../../../lib/app-state.ts';
import { copyText } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { Button } from '../../../ui/button.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { UrlSettingForm } from '../../../ui/url-setting-form.tsx';
import { useSetWebviewUrl, useWebviewUrl } from '../api/webview-api.ts';
import '../webview.css';

/**
 * webview.index: the app's external site is opened in a new window only after the member says so
 * (spec 3 "Other modules"); Open becomes "Open again" once used, and Copy URL says "URL copied!".
 */
export default function WebviewPage() {
  const { t } = useTranslation();
  const moduleId = Number(useParams().app_module_id);
  const mod = useCurrentModule();
  const site = useWebviewUrl(moduleId);
  const setUrl = useSetWebviewUrl(moduleId);
  // The app owner (the menu's flag, the same `isAppAdmin` the server checks on PUT) sets the address here.
  const isOwner = useMenu().data?.is_admin ?? false;
  const [editing, setEditing] = useState(false);
  // Per module: moving to another webview starts with "Open" again.
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  const opened = openedFor === moduleId;
  const url = site.data?.url ?? null;

  const open = () => {
    if (!url) return;
    // noopener: the site gets no handle on this window (and no referrer).
    window.open(url, '_blank', 'noopener,noreferrer');
    setOpenedFor(moduleId);
  };
  const copy = () => {
    if (!url) return;
    void copyText(url)
      .then(() => toast(t('webview.urlCopied')))
      .catch(() => toast(t('common.errors.generic'), 'error'));
  };

  return (
    <section className="page webview-page" aria-labelledby="webview-title">
      <div className="webview-head">
        <h1 id="webview-title" className="page-title">
          {mod?.name ?? t('webview.title')}
        </h1>
        {isOwner && url ? (
          <Button variant="secondary" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            {t('webview.setting.edit')}
          </Button>
        ) : null}
      </div>
      {isOwner && site.isSuccess && (editing || !url) ? (
        <UrlSettingForm
          label={t('webview.setting.label')}
          hint={t('webview.setting.hint')}
          value={url}
          maxLength={WEBVIEW_URL_MAX}
          onSave={(next) => setUrl.mutateAsync({ url: next })}
        />
      ) : null}
      {site.isPending ? <Spinner /> : null}
      {site.isError ? (
        <div role="alert" className="card">
          <p>{t('common.errors.generic')}</p>
          <Button variant="secondary" onClick={() => void site.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : null}
      {site.isSuccess && !url ? <EmptyState title={t('webview.emptyTitle')} text={t('webview.emptyText')} /> : null}
      {site.isSuccess && url ? (
        <div className="card webview-card">
          <Icon name="webview" size={40} />
          <p className="webview-question" id="webview-question">
            {t('webview.question')}
          </p>
          <p className="webview-url">
            <span className="visually-hidden">{t('webview.urlLabel')}: </span>
            <bdi translate="no">{url}</bdi>
          </p>
          <div className="webview-actions">
            <Button onClick={open} aria-describedby="webview-question webview-new-window">
              <Icon name="external" size={18} />
              {opened ? t('webview.openAgain') : t('webview.open')}
            </Button>
            <Button variant="secondary" onClick={copy}>
              <Icon name="link" size={18} />
              {t('webview.copyUrl')}
            </Button>
          </div>
          <p id="webview-new-window" className="visually-hidden">
            {t('webview.newWindow')}
          </p>
        </div>
      ) : null}
    </section>
  );
}
