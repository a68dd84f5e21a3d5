import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ApiError } from './api.ts';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

export interface FormOptions<V extends FormValues, Out> {
  initial: V;
  /**
   * The contract schema the server validates this call with; a function that imports it keeps zod
   * out of the page's first load (`() => import('@app/contract/schemas/users').then((s) => s.profileUpdateBody)`).
   */
  schema: () => ZodType<Out> | Promise<ZodType<Out>>;
  /** The request body made of the form values (and anything the page already knows). */
  body: (values: V) => unknown;
  /** Checks the contract cannot make (the repeated password); messages are i18n keys. */
  check?: (values: V) => FieldErrors<V>;
  submit: (data: Out) => Promise<unknown>;
  /** Lets the page take over a failure (an expired link); return true when handled. */
  onError?: (err: unknown) => boolean;
  /** Focuses the first input on arrival (single-purpose steps: e-mail, password). */
  focusFirst?: boolean;
}

/**
 * State of one form: values, field errors from the shared zod schema or the server's 422 (messages
 * translated), a form-level message for anything else, the busy flag, and focus on the first invalid
 * field after a failed submit.
 */
export function useForm<V extends FormValues, Out>(opts: FormOptions<V, Out>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const busyRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  const focusFirst = opts.focusFirst === true;
  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"]):not([hidden])')?.focus();
  }, [focusFirst]);

  useEffect(() => {
    if (!focusTick) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? formErrorRef.current)?.focus();
  }, [focusTick]);

  const setValue = useCallback(<K extends keyof V & string>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);

  /** Shows messages by field: fields of this form under their input, the rest above the button. */
  function show(found: Record<string, string>) {
    const fieldErrors: FieldErrors<V> = {};
    const other: string[] = [];
    for (const [field, message] of Object.entries(found)) {
      if (field in opts.initial) fieldErrors[field as keyof V & string] = message;
      else if (field !== '_popup') other.push(message);
    }
    setErrors(fieldErrors);
    setFormError(other[0]);
    setFocusTick((n) => n + 1);
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
      const found: Record<string, string> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) found[String(issue.path[0] ?? '')] ??= t(issue.message);
      }
      for (const [field, key] of Object.entries(opts.check?.(values) ?? {})) {
        if (typeof key === 'string') found[field] ??= t(key);
      }
      if (!parsed.success || Object.keys(found).length > 0) {
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
        const message = err instanceof ApiError ? serverMessage(err.body) : undefined;
        setFormError(message ?? t('common.errors.generic'));
        setFocusTick((n) => n + 1);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return { values, setValue, setValues, errors, formError, busy, formRef, formErrorRef, onSubmit };
}

/** The translated message of a non-422 error answer (`{name, message, status}`). */
function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}
