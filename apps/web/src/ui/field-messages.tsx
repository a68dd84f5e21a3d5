/** Ids and markup of a field's hint and error, shared by the inputs so both are tied the same way. */
export function fieldMessageIds(id: string, hint: string | undefined, error: string | undefined) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return { errorId, hintId, describedBy };
}

export function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  const { errorId, hintId } = fieldMessageIds(id, hint, error);
  return (
    <>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
