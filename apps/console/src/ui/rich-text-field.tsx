import { lazy, Suspense, useId } from 'react';
import { loadNamespaces } from '../lib/i18n.ts';

export interface RichTextFieldProps {
  label: string;
  /** HTML (the server sanitises it again on every write). */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string;
  id?: string;
}

/**
 * The content kit's editor (Tiptap) and its texts load in their own chunk on first use, so no
 * console screen without a rich text carries it (apps/console/src/ui/rich-text-editor.tsx).
 */
const RichTextEditor = lazy(() =>
  Promise.all([loadNamespaces(['console-editor']), import('./rich-text-editor.tsx')]).then(([, editor]) => editor),
);

/**
 * A rich text (a description, a bio, a page) as the organiser writes it: the attendee app's editor
 * setup (packages/contract/src/rich-editor-extensions.ts), with a toolbar of labelled buttons.
 */
export function RichTextField(props: RichTextFieldProps) {
  const auto = useId();
  return (
    <Suspense fallback={<RichTextLoading label={props.label} id={props.id ?? auto} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** The field's frame while the editor loads (the label is already translated by the caller). */
function RichTextLoading({ label, id }: { label: string; id: string }) {
  return (
    <div className="field rte">
      <span className="rte-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="rte-content rte-loading" aria-busy="true" />
    </div>
  );
}
