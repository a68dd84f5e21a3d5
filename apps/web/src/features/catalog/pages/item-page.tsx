import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, ModuleGoneError } from '../../../lib/api.ts';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { ActionsMenu, type MenuAction } from '../../../ui/actions-menu.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { useItem, useItemActions } from '../api/catalog-api.ts';
import { BuyDialog } from '../components/buy-dialog.tsx';
import { ItemLogo } from '../components/item-logo.tsx';
import '../catalog.css';

const hostOf = (url: string) => {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/**
 * A failed report or request, said once: a 422 shows in the dialog (`message`) or as the popup
 * (`_popup`), a 401, 404, 406, 423 or 451 is the shell's; anything else is an error toast (the
 * server's own text for a 503, "too many" for a 429).
 */
function toastFailure(err: unknown, t: TFunction) {
  if (err instanceof ApiError) {
    if (err instanceof ModuleGoneError || [401, 404, 406, 423, 451].includes(err.status)) return;
    if (err.status === 422 && err.fields.some((f) => f.field === 'message' || f.field === '_popup')) return;
    const message = (err.body as { message?: unknown } | null)?.message;
    if (err.status === 503 && typeof message === 'string' && message) return toast(message, 'error');
  }
  toast(t(err instanceof ApiError && err.status === 429 ? 'common.errors.tooMany' : 'common.errors.generic'), 'error');
}

/** Where "Back to the list" goes: the list as it was left, search included (the list passes it as link state). */
function listUrlOf(moduleId: number, state: unknown) {
  const search = (state as { search?: unknown } | null)?.search;
  return typeof search === 'string' && search ? `/catalog/${moduleId}?${new URLSearchParams({ search })}` : `/catalog/${moduleId}`;
}

/** catalog.item: the item's header, description and website, with copy link, report and "I want to buy" (spec 2 §2). */
export default function ItemPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.id);
  const item = useItem(moduleId, id);
  const actions = useItemActions(moduleId, id);
  const [dialog, setDialog] = useState<'flag' | 'buy' | null>(null);
  const listUrl = listUrlOf(moduleId, useLocation().state);
  const back = (
    <Link to={listUrl} className="catalog-back">
      <Icon name="back" size={18} />
      {t('catalog.back')}
    </Link>
  );

  if (item.isPending) return <Spinner />;
  if (item.isError || !item.data) {
    return (
      <section className="page catalog-page">
        <EmptyState title={t('catalog.notFound')} text="">
          {back}
        </EmptyState>
      </section>
    );
  }
  const it = item.data;
  const menu: MenuAction[] = [
    {
      key: 'copy',
      label: t('catalog.copyLink'),
      onSelect: () =>
        void copyLink(`/catalog/${moduleId}/${it.id}`)
          .then(() => toast(t('catalog.toast.linkCopied')))
          .catch(() => toast(t('common.errors.generic'), 'error')),
    },
  ];
  if (!it.reported) menu.push({ key: 'flag', label: t('catalog.flag'), onSelect: () => setDialog('flag') });
  const close = () => {
    setDialog(null);
    actions.buy.reset();
  };

  return (
    <section className="page catalog-page catalog-item-page">
      {back}
      <article className="card catalog-item" aria-labelledby="catalog-item-name">
        <header className="catalog-item-head">
          <ItemLogo name={it.name} logo={it.logo} size={96} />
          <div className="catalog-item-title">
            <h1 id="catalog-item-name">{it.name}</h1>
            {it.category ? <p className="catalog-chip">{it.category}</p> : null}
            {it.location ? (
              <p className="catalog-location muted">
                <Icon name="pin" size={16} />
                <span>
                  <span className="visually-hidden">{t('catalog.location')}: </span>
                  {it.location}
                </span>
              </p>
            ) : null}
            {it.reported ? <p className="catalog-reported muted">{t('catalog.reported')}</p> : null}
          </div>
          <ActionsMenu label={t('catalog.actions')} actions={menu} />
        </header>
        {it.description ? <RichContent html={it.description} className="catalog-description" /> : null}
        <div className="catalog-item-actions">
          {it.can_buy ? (
            it.buy_requested ? (
              <p className="catalog-requested" role="status">
                <Icon name="check" size={18} />
                {t('catalog.buy.requested', { name: it.name })}
              </p>
            ) : (
              <Button onClick={() => setDialog('buy')}>{t('catalog.buy.action')}</Button>
            )
          ) : null}
          {it.website ? (
            <a className="btn btn-secondary catalog-website" href={it.website} target="_blank" rel="noopener noreferrer">
              <Icon name="external" size={18} />
              <span>
                {t('catalog.website', { host: hostOf(it.website) })}
                <span className="visually-hidden"> {t('catalog.newTab')}</span>
              </span>
            </a>
          ) : null}
        </div>
      </article>
      {dialog === 'flag' ? (
        <ConfirmDialog
          open
          title={t('catalog.confirmFlag.title')}
          text={t('catalog.confirmFlag.text')}
          confirmLabel={t('catalog.confirmFlag.confirm')}
          cancelLabel={t('common.actions.cancel')}
          busy={actions.flag.isPending}
          onClose={close}
          onConfirm={() =>
            actions.flag.mutate(undefined, {
              onSuccess: () => {
                close();
                toast(t('catalog.toast.reported'));
              },
              onError: (err) => toastFailure(err, t),
            })
          }
        />
      ) : null}
      {dialog === 'buy' ? (
        <BuyDialog
          open
          name={it.name}
          busy={actions.buy.isPending}
          error={actions.buy.error}
          onClose={close}
          onSend={(message) =>
            actions.buy.mutate(message, {
              onSuccess: (answer) => {
                close();
                toast(answer.already_sent ? t('catalog.toast.alreadySent', { name: it.name }) : t('catalog.toast.sent', { name: it.name }));
              },
              onError: (err) => toastFailure(err, t),
            })
          }
        />
      ) : null}
    </section>
  );
}
