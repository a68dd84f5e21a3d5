import { type ChangeEvent, type ReactNode, useId } from 'react';

/**
 * A file input that looks like a button and is reached and used by keyboard like one. `label` is
 * the button's text, or its accessible name when `children` (an icon) is shown instead.
 */
export function FilePicker({
  label,
  accept,
  multiple,
  disabled,
  className = 'btn btn-ghost',
  children,
  onFiles,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  return (
    <span className="file-picker">
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <label htmlFor={id} className={className} {...(children ? { title: label } : {})}>
        {children ? (
          <>
            {children}
            <span className="visually-hidden">{label}</span>
          </>
        ) : (
          label
        )}
      </label>
    </span>
  );
}
