import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api.ts';

/**
 * A CSV import's steps in the console (members, catalog): choose a file (refused at once above
 * `maxBytes`), see the server's preview of it, then confirm it; nothing is written before. The
 * error shown is the server's first field message, else its message, else the generic one.
 */
export function useFileImport<P>(opts: {
  maxBytes: number;
  /** The message for a file above `maxBytes`. */
  tooLarge: string;
  preview: (file: File) => Promise<P>;
  /** Imports the previewed file; throws to show the server's refusal. */
  commit: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<(P & { file: File }) | undefined>();
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const messageOf = (err: unknown) =>
    (err instanceof ApiError && (err.fields[0]?.message ?? err.serverMessage)) || t('console.errors.generic');

  const choose = async (file: File | undefined) => {
    setPreview(undefined);
    setError(undefined);
    if (!file) return;
    if (file.size > opts.maxBytes) {
      setError(opts.tooLarge);
      return;
    }
    setChecking(true);
    try {
      setPreview({ ...(await opts.preview(file)), file });
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setChecking(false);
    }
  };

  const confirm = async () => {
    if (!preview) return;
    setImporting(true);
    try {
      await opts.commit(preview.file);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setImporting(false);
    }
  };

  /** Another file: the preview goes, the file field is emptied and focused. */
  const another = () => {
    setPreview(undefined);
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  return { input, preview, checking, importing, error, choose, confirm, another };
}
