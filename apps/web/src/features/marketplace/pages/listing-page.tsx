import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, ModuleGoneError } from '../../../lib/api.ts';
import { useMenu } from '../../../lib/app-state.ts';
import { copyLink } from '../../../lib/copy-link.ts';
import { toast } from '../../../lib/events.ts';
import { relativeTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { ActionsMenu, type MenuAction } from '../../../ui/actions-menu.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/loader.tsx';
import { PhotoPreview } from '../../../ui/photo-preview.tsx';
import { useProfileLink } from '../../../ui/related-users.tsx';
import { RichContent } from '../../../ui/rich-content.tsx';
import { openChatWith, useListing, useListingActions } from '../api/marketplace-api.ts';
import { ListingDialog } from '../components/listing-dialog.tsx';
import { Price } from '../components/price.tsx';
import '../marketplace.css';

/** Where "Back to the list" goes: the list as it was left, search included (the list passes it as link state). */
function listUrlOf(moduleId: number, state: unknown) {
  const search = (state as { search?: unknown } | null)?.search;
  return typeof search === 'string' && search ? `/marketplace/${moduleId}?${new URLSearchParams({ search })}` : `/marketplace/${moduleId}`;
}

/** A failed call said once: the shell's own (401, 404, 406, 423, 451) stay its; "too many" for a 429; otherwise a generic error. */
function failed(err: unknown, generic: string, tooMany: string) {
  if (err instanceof ModuleGoneError || (err instanceof ApiError && [401, 404, 406, 423, 451].includes(err.status))) return;
  toast(err instanceof ApiError && err.status === 429 ? tooMany : generic, 'error');
}

/** marketplace.item: photos, price, seller, description; contact, copy link, report; the seller edits and deletes, the app owner deletes (spec 3 §2). */
export default function ListingPage() {
  const { t } = useTranslation();
  const params = useParams();
  const moduleId = Number(params.app_module_id);
  const id = Number(params.id);
  const item = useListing(moduleId, id);
  const actions = useListingActions(moduleId);
  const navigate = useNavigate();
  const profileLink = useProfileLink();
  const chats = useMenu().data?.menu.find((m) => m.type === 'chats');
  const now = useNow(60_000);
  const [dialog, setDialog] = useState<'flag' | 'delete' | 'edit' | null>(null);
  const [photoAt, setPhotoAt] = useState<number | null>(null);
  const [contacting, setContacting] = useState(false);
  const listUrl = listUrlOf(moduleId, useLocation().state);
  const back = (
    <Link to={listUrl} className="market-back">
      <Icon name="back" size={18} />
      {t('marketplace.back')}
    </Link>
  );
  const generic = t('common.errors.generic');
  const tooMany = t('common.errors.tooMany');

  if (item.isPending) return <Spinner />;
  if (item.isError || !item.data) {
    return (
      <section className="page market-page">
        <EmptyState title={t('marketplace.notFound')} text="">
          {back}
        </EmptyState>
      </section>
    );
  }
  const it = item.data;
  const menu: MenuAction[] = [
    {
      key: 'copy',
      label: t('marketplace.copyLink'),
      onSelect: () =>
        void copyLink(`/marketplace/${moduleId}/${it.id}`)
          .then(() => toast(t('marketplace.toast.linkCopied')))
          .catch(() => toast(generic, 'error')),
    },
  ];
  if (!it.reported && !it.mine) menu.push({ key: 'flag', label: t('marketplace.flag'), onSelect: () => setDialog('flag') });
  if (it.mine) menu.push({ key: 'edit', label: t('marketplace.edit'), onSelect: () => setDialog('edit') });
  if (it.can_delete) menu.push({ key: 'delete', label: t('marketplace.delete'), danger: true, onSelect: () => setDialog('delete') });

  const contact = () => {
    if (!chats) return;
    setContacting(true);
    openChatWith(chats.app_module_id, it.seller.id)
      .then((url) => navigate(url))
      .catch((err) => failed(err, generic, tooMany))
      .finally(() => setContacting(false));
  };
  const photos = it.photos.map((p, i) => ({
    id: p.id,
    url: p.url,
    position: i,
    alt: t('marketplace.photoOf', { title: it.title, n: i + 1 }),
  }));

  return (
    <section className="page market-page market-item-page">
      {back}
      <article className="card market-item" aria-labelledby="market-item-title">
        {it.photos.length ? (
          <div className="market-gallery">
            {it.photos.map((p, i) => (
              <button
                key={p.id}
                type="button"
                className={i === 0 ? 'market-photo market-photo-main' : 'market-photo'}
                onClick={() => setPhotoAt(i)}
              >
                <img src={p.url} alt={photos[i]?.alt ?? ''} width={p.width ?? undefined} height={p.height ?? undefined} />
              </button>
            ))}
          </div>
        ) : null}
        <header className="market-item-head">
          <div className="market-item-title">
            <h1 id="market-item-title">{it.title}</h1>
            <Price className="market-item-price" cents={it.price_cents} />
            {it.reported ? <p className="muted">{t('marketplace.reported')}</p> : null}
          </div>
          <ActionsMenu label={t('marketplace.actions')} actions={menu} />
        </header>
        <div className="market-seller">
          <Link to={profileLink(it.seller.id)} className="market-seller-link">
            <Avatar src={it.seller.avatar} name={it.seller.fullname} size={40} />
            <span>
              <span className="visually-hidden">{t('marketplace.seller')}: </span>
              {it.seller.fullname}
            </span>
          </Link>
          <span className="muted">
            <time dateTime={it.created_at}>{relativeTime(new Date(it.created_at), now, t)}</time>
          </span>
        </div>
        {it.description ? <RichContent html={it.description} className="market-description" /> : null}
        <div className="market-item-actions">
          {!it.mine && chats ? (
            <Button busy={contacting} onClick={contact}>
              <Icon name="chats" size={18} />
              {t('marketplace.contact')}
            </Button>
          ) : null}
          {it.mine ? (
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              {t('marketplace.edit')}
            </Button>
          ) : null}
          {it.can_delete ? (
            <Button variant="secondary" onClick={() => setDialog('delete')}>
              {t('marketplace.delete')}
            </Button>
          ) : null}
        </div>
      </article>
      <PhotoPreview photos={photos} start={photoAt ?? 0} open={photoAt !== null} onClose={() => setPhotoAt(null)} />
      {dialog === 'flag' ? (
        <ConfirmDialog
          open
          title={t('marketplace.confirmFlag.title')}
          text={t('marketplace.confirmFlag.text')}
          confirmLabel={t('marketplace.confirmFlag.confirm')}
          cancelLabel={t('common.actions.cancel')}
          busy={actions.flag.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            actions.flag.mutate(it.id, {
              onSuccess: () => {
                setDialog(null);
                toast(t('marketplace.toast.reported'));
              },
              onError: (err) => failed(err, generic, tooMany),
            })
          }
        />
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          open
          danger
          title={t('marketplace.confirmDelete.title')}
          text={t('marketplace.confirmDelete.text')}
          confirmLabel={t('marketplace.confirmDelete.confirm')}
          cancelLabel={t('common.actions.cancel')}
          busy={actions.remove.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            actions.remove.mutate(it.id, {
              onSuccess: () => {
                toast(t('marketplace.toast.deleted'));
                navigate(listUrl);
              },
              onError: (err) => failed(err, generic, tooMany),
            })
          }
        />
      ) : null}
      {dialog === 'edit' ? (
        <ListingDialog
          moduleId={moduleId}
          item={it}
          busy={actions.update.isPending}
          error={actions.update.error}
          onClose={() => {
            setDialog(null);
            actions.update.reset();
          }}
          onSave={(input) =>
            actions.update.mutate(
              { id: it.id, input },
              {
                onSuccess: () => {
                  setDialog(null);
                  actions.update.reset();
                  toast(t('marketplace.toast.saved'));
                },
              },
            )
          }
        />
      ) : null}
    </section>
  );
}
