import { MARKETPLACE_LIMITS, MARKETPLACE_UPLOAD } from '@app/contract/marketplace-constants';
import type { Attachment } from '@app/contract/schemas/content';
import type { ListingDetail, ListingInput } from '@app/contract/schemas/marketplace';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { useUpload } from '../../../lib/upload.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FieldMessages, fieldMessageIds } from '../../../ui/field-messages.tsx';
import { FilePicker } from '../../../ui/file-picker.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useLeaveGuard } from '../../../ui/leave-guard.tsx';
import { TextField } from '../../../ui/text-field.tsx';

interface Props {
  moduleId: number;
  /** The listing being edited; none: a new one. */
  item?: ListingDetail | undefined;
  busy: boolean;
  error: unknown;
  onSave: (input: ListingInput) => void;
  onClose: () => void;
}

/** The price as typed (either decimal mark) in major units; blank: on request; unreadable: NaN (the server answers 422). */
const parsePrice = (s: string) => (s.trim() === '' ? null : Number(s.trim().replace(',', '.')));

/** New or edited listing: title, price, description and photos (uploaded as they are chosen, named by id on save). */
export function ListingDialog({ moduleId, item, busy, error, onSave, onClose }: Props) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(item?.title ?? '');
  const [price, setPrice] = useState(item?.price_cents === null || item?.price_cents === undefined ? '' : String(item.price_cents / 100));
  const [description, setDescription] = useState(item?.description_text ?? '');
  const [photos, setPhotos] = useState<Attachment[]>(item?.photos ?? []);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | undefined>();
  const upload = useUpload(MARKETPLACE_UPLOAD.path.replace(':app_module_id', String(moduleId)));
  const descId = useId();
  const err = error instanceof ApiError ? error : null;
  const fieldError = (f: string) => err?.fieldMessage(f);
  const priceValue = parsePrice(price);
  const priceError = fieldError('price') ?? (Number.isNaN(priceValue) ? t('marketplace.errors.priceInvalid') : undefined);
  // A paste past the limit is not cut: the field says so and the form waits.
  const descTooLong = description.length > MARKETPLACE_LIMITS.descriptionMax;
  const descError = descTooLong ? t('common.errors.contentSize') : fieldError('description');
  const descHint = t('marketplace.form.descriptionHint', { max: MARKETPLACE_LIMITS.descriptionMax });
  const { describedBy } = fieldMessageIds(descId, descHint, descError);
  const photoProblem = problem ?? fieldError('photo_ids');
  // Back (or any navigation) with a listing typed and not saved asks first.
  const unsaved =
    title !== (item?.title ?? '') ||
    description !== (item?.description_text ?? '') ||
    priceValue !== (item ? (item.price_cents === null ? null : item.price_cents / 100) : null) ||
    photos.map((p) => p.id).join() !== (item?.photos ?? []).map((p) => p.id).join();
  const leave = useLeaveGuard(unsaved);
  // A refused save holds the form again (a successful one closes it, and may open the listing).
  useEffect(() => {
    if (error) leave.hold();
  }, [error, leave.hold]);

  const addFiles = async (files: File[]) => {
    setProblem(undefined);
    const room = MARKETPLACE_LIMITS.photosMax - photos.length;
    if (files.length > room) {
      setProblem(t('marketplace.errors.tooManyPhotos', { max: MARKETPLACE_LIMITS.photosMax }));
      return;
    }
    setUploading((n) => n + 1);
    try {
      const added: Attachment[] = [];
      for (const f of files) added.push(await upload(f));
      setPhotos((p) => [...p, ...added]);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setUploading((n) => n - 1);
    }
  };

  // Reordering by keyboard: the focus follows the moved photo (its same button, or the other one at an end).
  const chipsRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: number; act: 'left' | 'right' } | null>(null);
  const move = (id: number, to: number, act: 'left' | 'right') => {
    refocus.current = { id, act };
    setPhotos((list) => {
      const from = list.findIndex((x) => x.id === id);
      const moved = list[from];
      if (!moved || to < 0 || to >= list.length) return list;
      const rest = list.filter((x) => x.id !== id);
      return [...rest.slice(0, to), moved, ...rest.slice(to)];
    });
  };
  useEffect(() => {
    const want = refocus.current;
    if (!want || !photos.length) return;
    refocus.current = null;
    const other = want.act === 'left' ? 'right' : 'left';
    const pick = (act: string) =>
      chipsRef.current?.querySelector<HTMLButtonElement>(`button[data-photo="${want.id}"][data-act="${act}"]:not(:disabled)`);
    (pick(want.act) ?? pick(other))?.focus();
  }, [photos]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (Number.isNaN(priceValue) || descTooLong) return;
    leave.release();
    onSave({ title: title.trim(), description: description.trim(), price: priceValue, photo_ids: photos.map((p) => p.id) });
  };

  const formId = useId();
  return (
    <>
      <Dialog
        open
        title={item ? t('marketplace.form.editTitle') : t('marketplace.form.newTitle')}
        onClose={onClose}
        actions={
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" form={formId} busy={busy} disabled={uploading > 0}>
              {item ? t('marketplace.form.save') : t('marketplace.form.publish')}
            </Button>
          </>
        }
      >
        <form id={formId} className="market-form" onSubmit={submit} noValidate>
          <TextField
            label={t('marketplace.form.title')}
            required
            value={title}
            maxLength={MARKETPLACE_LIMITS.titleMax}
            error={fieldError('title')}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextField
            label={t('marketplace.form.price')}
            hint={t('marketplace.form.priceHint')}
            inputMode="decimal"
            value={price}
            error={priceError}
            onChange={(e) => setPrice(e.target.value)}
          />
          <div className="field">
            <label htmlFor={descId}>{t('marketplace.form.description')}</label>
            <textarea
              id={descId}
              rows={5}
              value={description}
              aria-invalid={descError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => setDescription(e.target.value)}
            />
            <FieldMessages id={descId} hint={descHint} error={descError} />
          </div>
          <fieldset className="market-photos-field">
            <legend>{t('marketplace.form.photos')}</legend>
            {photos.length ? (
              <ol className="market-photo-chips" ref={chipsRef}>
                {photos.map((p, i) => (
                  <li key={p.id}>
                    <img src={p.url} alt="" width={72} height={72} />
                    <button
                      type="button"
                      className="market-photo-remove"
                      aria-label={t('marketplace.form.removePhoto', { name: p.name })}
                      onClick={() => setPhotos((list) => list.filter((x) => x.id !== p.id))}
                    >
                      <Icon name="close" size={14} />
                    </button>
                    {photos.length > 1 ? (
                      <span className="market-photo-order">
                        <button
                          type="button"
                          data-photo={p.id}
                          data-act="left"
                          disabled={i === 0}
                          aria-label={t('marketplace.form.moveLeft', { name: p.name })}
                          onClick={() => move(p.id, i - 1, 'left')}
                        >
                          <Icon name="back" size={14} />
                        </button>
                        <button
                          type="button"
                          data-photo={p.id}
                          data-act="right"
                          disabled={i === photos.length - 1}
                          aria-label={t('marketplace.form.moveRight', { name: p.name })}
                          onClick={() => move(p.id, i + 1, 'right')}
                        >
                          <Icon name="next" size={14} />
                        </button>
                      </span>
                    ) : null}
                    {i === 0 ? (
                      <span className="market-photo-cover">{t('marketplace.form.cover')}</span>
                    ) : (
                      <button
                        type="button"
                        className="market-photo-make-cover"
                        aria-label={t('marketplace.form.makeCoverOf', { name: p.name })}
                        onClick={() => move(p.id, 0, 'right')}
                      >
                        {t('marketplace.form.makeCover')}
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            ) : null}
            {photos.length < MARKETPLACE_LIMITS.photosMax ? (
              <FilePicker
                label={t('marketplace.form.addPhotos')}
                className="btn btn-secondary"
                accept={MARKETPLACE_UPLOAD.images.join(',')}
                multiple
                onFiles={(files) => void addFiles(files)}
              />
            ) : null}
            {uploading > 0 ? (
              <p className="muted" role="status">
                {t('common.actions.uploading')}
              </p>
            ) : null}
            {photoProblem ? (
              <p className="field-error" role="alert">
                {photoProblem}
              </p>
            ) : null}
          </fieldset>
          {fieldError('_popup') ? (
            <p className="field-error" role="alert">
              {fieldError('_popup')}
            </p>
          ) : null}
        </form>
      </Dialog>
      {leave.dialog}
    </>
  );
}
