import { FIGURE_LOOKS, type FigureLook, HEADING_LEVELS, richTextExtensions, TABLE } from '@app/contract/rich-editor-extensions';
import { embedSrc, linkHref } from '@app/contract/rich-text-urls';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { TextField } from './fields.tsx';
import type { RichTextFieldProps } from './rich-text-field.tsx';
import '@app/contract/rich-content.css';
import './rich-text-editor.css';

type Ask = 'link' | 'image' | 'embed' | 'warning';

/** A 18 px line drawing for the buttons that have no letter or common glyph (decorative: each button has its label). */
function Glyph({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

const LINK = 'M10 13a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 11a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1';
const IMAGE = 'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM21 16l-5-5-11 9M8.5 8.5h.01';

function ToolbarButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="rte-btn"
      title={label}
      aria-pressed={active}
      // Keeps the text's selection: the command applies to what the organiser selected.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

function Toolbar({ editor, onAsk }: { editor: Editor; onAsk: (a: Ask) => void }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="rte-toolbar" role="toolbar" aria-label={t('console-editor.toolbar')}>
      <ToolbarButton label={t('console-editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolbarButton>
      {HEADING_LEVELS.map((level) => (
        <ToolbarButton
          key={level}
          label={t('console-editor.heading', { level })}
          active={state[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          {`H${level}`}
        </ToolbarButton>
      ))}
      <ToolbarButton label={t('console-editor.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        •≡
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        1≡
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        ❝
      </ToolbarButton>
      <ToolbarButton
        label={state.link ? t('console-editor.unlink') : t('console-editor.link')}
        active={state.link}
        onClick={() => (state.link ? chain().extendMarkRange('link').unsetLink().run() : onAsk('link'))}
      >
        <Glyph d={LINK} />
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.image')} onClick={() => onAsk('image')}>
        <Glyph d={IMAGE} />
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.embed')} onClick={() => onAsk('embed')}>
        ▶
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.warning')} onClick={() => onAsk('warning')}>
        ⚠
      </ToolbarButton>
      <ToolbarButton
        label={t('console-editor.table')}
        onClick={() => chain().insertTable({ rows: TABLE.rows, cols: TABLE.cols, withHeaderRow: false }).run()}
      >
        ▦
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.delimiter')} onClick={() => chain().setHorizontalRule().run()}>
        ―
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.undo')} onClick={() => chain().undo().run()}>
        ↶
      </ToolbarButton>
      <ToolbarButton label={t('console-editor.redo')} onClick={() => chain().redo().run()}>
        ↷
      </ToolbarButton>
    </div>
  );
}

/**
 * The address of a link, an image or an embed, asked under the toolbar (not a <form>: the field
 * usually sits inside the page's own form). Enter inserts, Escape goes back to the text.
 */
function AddressPanel({ ask, editor, onClose }: { ask: Ask; editor: Editor; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [caption, setCaption] = useState('');
  const [alt, setAlt] = useState('');
  const [looks, setLooks] = useState<Record<FigureLook, boolean>>({ border: false, background: false, stretched: false });
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const insert = () => {
    const chain = editor.chain().focus();
    if (ask === 'warning') {
      if (!value.trim()) return setError(t('console-editor.warningRequired'));
      chain.insertContent({ type: 'warning', attrs: { title: value.trim() }, content: [{ type: 'paragraph' }] }).run();
    } else if (ask === 'embed') {
      const src = embedSrc(value);
      if (!src) return setError(t('console-editor.embedUnsupported'));
      chain.insertContent({ type: 'embed', attrs: { src } }).run();
    } else {
      const href = linkHref(value);
      if (!href) return setError(t('console-editor.linkProtocol'));
      if (ask === 'image') {
        if (!href.startsWith('http') && !href.startsWith('/uploads/')) return setError(t('console-editor.linkProtocol'));
        chain.insertContent({ type: 'figure', attrs: { src: href, alt: alt.trim(), caption: caption.trim(), ...looks } }).run();
      } else if (editor.state.selection.empty) {
        chain.insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
      } else {
        chain.extendMarkRange('link').setLink({ href }).run();
      }
    }
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && (e.target as HTMLInputElement).type !== 'checkbox') {
      e.preventDefault();
      insert();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  return (
    <fieldset className="rte-ask" onKeyDown={onKeyDown}>
      <legend className="visually-hidden">{t(`console-editor.${ask}`)}</legend>
      <TextField
        label={t(`console-editor.${ask}Prompt`)}
        value={value}
        error={error}
        hint={ask === 'image' ? t('console-editor.imageHint') : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        inputMode={ask === 'warning' ? 'text' : 'url'}
        autoFocus
      />
      {ask === 'image' ? (
        <>
          <TextField label={t('console-editor.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} />
          <TextField label={t('console-editor.caption')} value={caption} onChange={(e) => setCaption(e.target.value)} />
          <div className="rte-looks">
            {FIGURE_LOOKS.map((look) => (
              <label key={look} className="rte-look">
                <input type="checkbox" checked={looks[look]} onChange={(e) => setLooks((l) => ({ ...l, [look]: e.target.checked }))} />{' '}
                {t(`console-editor.looks.${look}`)}
              </label>
            ))}
          </div>
        </>
      ) : null}
      <div className="rte-ask-actions">
        <Button variant="primary" onClick={insert}>
          {t('console-editor.insert')}
        </Button>
        <Button onClick={close}>{t('console-editor.cancel')}</Button>
      </div>
    </fieldset>
  );
}

/**
 * The console's rich text editor: the attendee app's Tiptap setup, a toolbar of labelled buttons
 * (Tab reaches each, Enter or Space applies it), the label tied to the editable area, the error
 * under it. Loaded lazily by RichTextField.
 */
export default function RichTextEditor({ label, value, onChange, error, hint, id }: RichTextFieldProps) {
  const auto = useId();
  const baseId = id ?? auto;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const hintId = `${baseId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  const [ask, setAsk] = useState<Ask | null>(null);
  // What the editor last reported: a new `value` from outside (a loaded record, a reset) replaces the text.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    editorProps: {
      attributes: {
        id: baseId,
        class: 'rich-content rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
      },
      // Pasted content is reduced to plain text, as in the attendee app: no foreign styles or markup.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain');
        if (text === undefined) return false;
        view.dispatch(view.state.tr.insertText(text));
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitted.current = html;
      onChange(html);
    },
    immediatelyRender: true,
  });
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  // aria-invalid and the error's id follow the error as it comes and goes (now, or once the view is mounted).
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      if (editor.isDestroyed) return;
      let dom: HTMLElement;
      try {
        dom = editor.view.dom;
      } catch {
        return; // not mounted yet: the `mount` event applies it
      }
      if (error) dom.setAttribute('aria-invalid', 'true');
      else dom.removeAttribute('aria-invalid');
      if (describedBy) dom.setAttribute('aria-describedby', describedBy);
      else dom.removeAttribute('aria-describedby');
    };
    apply();
    editor.on('mount', apply);
    return () => void editor.off('mount', apply);
  }, [editor, error, describedBy]);
  return (
    <div className={`field rte${error ? ' rte-invalid' : ''}`}>
      {/* A label cannot point at an editable div: a click on it focuses the text instead. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keyboard reaches the text itself with Tab. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above. */}
      <span id={labelId} className="rte-label" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div className="rte-box">
        {editor ? <Toolbar editor={editor} onAsk={setAsk} /> : null}
        {editor && ask ? <AddressPanel key={ask} ask={ask} editor={editor} onClose={() => setAsk(null)} /> : null}
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
