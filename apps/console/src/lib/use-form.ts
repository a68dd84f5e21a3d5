import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ApiError } from './api.ts';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

export interface FormOptions<V extends FormValues, Out> {
  initial: V;
  /** The contract schema the server validates this call with (a function, so zod may load lazily). */
  schema: () => ZodType<Out> | Promise<ZodType<Out>>;
  /** The request body made of the form values. */
  body: (values: V) => unknown;
  submit: (data: Out) => Promise<unknown>;
  /**
   * Sees every server 422 before it is shown (the sign-in form reveals its app key field when the
   * server asks for `app`). Return true when handled.
   */
  onError?: (err: unknown) => boolean;
}

/**
 * One form's state: values, field errors from the shared zod schema or the server's 422 (already
 * translated) shown beside their inputs, a form message (`_popup`, a field this form does not
 * have, or any other failure), the busy flag, and focus on the first invalid field after a failed submit.
 */
export function useForm<V extends FormValues, Out>(opts: FormOptions<V, Out>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  const focusInvalid = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid ?? formErrorRef.current)?.focus();
    });

  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  function show(found: Record<string, string>) {
    const fieldErrors: FieldErrors<V> = {};
    let other: string | undefined;
    for (const [field, message] of Object.entries(found)) {
      if (field in opts.initial) fieldErrors[field as keyof V & string] = message;
      else other ??= message;
    }
    setErrors(fieldErrors);
    setFormError(other);
    focusInvalid();
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setFormError(undefined);
    try {
      const schema = await opts.schema();
      const parsed = schema.safeParse(opts.body(values));
      if (!parsed.success) {
        const found: Record<string, string> = {};
        for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '_popup')] ??= t(issue.message);
        show(found);
        return;
      }
      setErrors({});
      await opts.submit(parsed.data);
    } catch (err) {
      if (opts.onError?.(err)) return;
      if (err instanceof ApiError && err.fields.length > 0) {
        const found: Record<string, string> = {};
        for (const f of err.fields) found[f.field] ??= f.message;
        show(found);
      } else {
        setFormError((err instanceof ApiError && err.serverMessage) || t('console.errors.generic'));
        focusInvalid();
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { values, setValue, setValues, errors, setErrors, formError, busy, formRef, formErrorRef, onSubmit };
}
