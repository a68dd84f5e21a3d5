import { TextArea } from './fields.tsx';

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
 * A rich text (a description, a bio, a page) as the organiser writes it. FOR NOW a text area of
 * HTML: the free-form pages' work replaces its inside with the content kit's editor, keeping these props.
 */
export function RichTextField({ label, value, onChange, error, hint, id }: RichTextFieldProps) {
  return <TextArea label={label} value={value} onChange={(e) => onChange(e.target.value)} error={error} hint={hint} id={id} rows={8} />;
}
