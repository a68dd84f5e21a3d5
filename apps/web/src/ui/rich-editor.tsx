import { INLINE_IMAGE_MAX, richTextExtensions, TABLE } from '@app/contract/rich-editor-extensions';
import { embedSrc, linkHref } from '@app/contract/rich-text-urls';
import type { UrlPreview } from '@app/contract/schemas/pwa';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Icon } from './icon.tsx';
import { TextField } from './text-field.tsx';
import '@app/contract/rich-content.css';
import './rich-editor.css';

export { INLINE_IMAGE_MAX };

interface Props {
  value: string;
  onChange: (html: string) => void;
  label: string;
  placeholder?: string;
  error?: string | undefined;
  /** Reports rule breaks the editor catches itself (an image too big, a link with another protocol). */
  onProblem?: (message: string) => void;
}

type Ask = { kind: 'link' | 'image' | 'embed' | 'card' } | null;

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
      aria-pressed={active === undefined ? undefined : active}
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
  const { ref, more, scroll } = useScrollHint();
  return (
    <div className={`rte-toolbar-wrap${more.start ? ' more-start' : ''}${more.end ? ' more-end' : ''}`}>
      <div ref={ref} className="rte-toolbar" role="toolbar" aria-label={t('content.editor.toolbar')}>
        <ToolbarButton label={t('content.editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
          B
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
          I
        </ToolbarButton>
        {([2, 3, 4] as const).map((level) => (
          <ToolbarButton
            key={level}
            label={t('content.editor.heading', { level })}
            active={state[`h${level}`]}
            onClick={() => chain().toggleHeading({ level }).run()}
          >
            {`H${level}`}
          </ToolbarButton>
        ))}
        <ToolbarButton label={t('content.editor.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <Icon name="listBullet" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <Icon name="listNumber" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
          <Icon name="quote" size={18} />
        </ToolbarButton>
        <ToolbarButton
          label={t('content.editor.link')}
          active={state.link}
          onClick={() => (state.link ? chain().unsetLink().run() : onAsk({ kind: 'link' }))}
        >
          <Icon name="link" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.card')} onClick={() => onAsk({ kind: 'card' })}>
          <Icon name="external" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.image')} onClick={() => onAsk({ kind: 'image' })}>
          <Icon name="image" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.embed')} onClick={() => onAsk({ kind: 'embed' })}>
          <Icon name="video" size={18} />
        </ToolbarButton>
        <ToolbarButton
          label={t('content.editor.table')}
          onClick={() => chain().insertTable({ rows: TABLE.rows, cols: TABLE.cols, withHeaderRow: false }).run()}
        >
          <Icon name="table" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.delimiter')} onClick={() => chain().setHorizontalRule().run()}>
          <Icon name="divider" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.undo')} onClick={() => chain().undo().run()}>
          <Icon name="undo" size={18} />
        </ToolbarButton>
        <ToolbarButton label={t('content.editor.redo')} onClick={() => chain().redo().run()}>
          <Icon name="redo" size={18} />
        </ToolbarButton>
      </div>
      {/* A pointer's way to the tools out of sight; the keyboard reaches them with Tab, which scrolls. */}
      {more.start ? (
        <button
          type="button"
          className="rte-scroll rte-scroll-start"
          tabIndex={-1}
          aria-hidden="true"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => scroll(-1)}
        >
          <Icon name="back" size={18} />
        </button>
      ) : null}
      {more.end ? (
        <button
          type="button"
          className="rte-scroll rte-scroll-end"
          tabIndex={-1}
          aria-hidden="true"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => scroll(1)}
        >
          <Icon name="next" size={18} />
        </button>
      ) : null}
    </div>
  );
}

/** Whether a row that scrolls sideways has more to show before or after what is in sight, and a step to it. */
function useScrollHint() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((cur) => (cur.start === start && cur.end === end ? cur : { start, end }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);
  const scroll = (direction: 1 | -1) => {
    const el = ref.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };
  return { ref, more, scroll };
}

/** Asks for the address of a link, a link card, an image or an embed, and checks it against the server's rules. */
function UrlDialog({
  ask,
  onClose,
  editor,
  onProblem,
}: {
  ask: Ask;
  onClose: () => void;
  editor: Editor;
  onProblem?: (m: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const kind = ask?.kind ?? 'link';
  const [busy, setBusy] = useState(false);
  const label = t(
    kind === 'link' || kind === 'card'
      ? 'content.editor.linkPrompt'
      : kind === 'image'
        ? 'content.editor.imagePrompt'
        : 'content.editor.embedPrompt',
  );
  const close = () => {
    setValue('');
    setError(undefined);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'card') {
      const href = linkHref(value);
      if (!href?.startsWith('http')) return setError(t('content.editor.linkProtocol'));
      setBusy(true);
      try {
        const { meta } = (await api<UrlPreview>('/pwa/get-url-preview', { method: 'POST', body: { url: href }, silent: true })).data;
        if (!meta) throw new Error('no preview');
        editor
          .chain()
          .focus()
          .insertContent({ type: 'linkCard', attrs: { href, title: meta.title, description: meta.description, site: meta.site_name } })
          .run();
        close();
      } catch {
        setError(t('common.errors.previewFailed'));
      } finally {
        setBusy(false);
      }
      return;
    }
    const chain = editor.chain().focus();
    if (kind === 'embed') {
      const src = embedSrc(value);
      if (!src) return setError(t('content.editor.embedUnsupported'));
      chain.insertContent({ type: 'embed', attrs: { src } }).run();
    } else {
      const href = linkHref(value);
      if (!href || (kind === 'image' && !href.startsWith('http'))) return setError(t('content.editor.linkProtocol'));
      if (kind === 'image') chain.setImage({ src: href }).run();
      else if (editor.state.selection.empty)
        chain.insertContent({ type: 'text', text: value.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
      else chain.extendMarkRange('link').setLink({ href }).run();
    }
    onProblem?.('');
    close();
  };
  return (
    <Dialog open={ask !== null} title={t(`content.editor.${kind}`)} onClose={close}>
      <form onSubmit={submit}>
        <TextField label={label} value={value} error={error} onChange={(e) => setValue(e.target.value)} inputMode="url" autoFocus />
        <div className="modal-actions">
          <Button variant="secondary" onClick={close}>
            {t('content.editor.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('content.editor.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The rich-text editor of posts and discussions (Tiptap), in its own chunk: it loads when a person
 * starts writing. Pasted content becomes plain text; links are detected as one types (autolink on
 * space, Enter and blur) and open in a new tab; headers 2–4 (3 by default); 2 × 3 tables; embeds of
 * YouTube, Vimeo and Spotify; an inline image over 10,240 characters is refused ("Image too big").
 */
export default function RichEditor({ value, onChange, label, placeholder, error, onProblem }: Props) {
  const id = useId();
  const { t } = useTranslation();
  const [ask, setAsk] = useState<Ask>(null);
  const editor = useEditor({
    extensions: richTextExtensions({ placeholder: placeholder ?? '' }),
    content: value,
    editorProps: {
      attributes: {
        class: 'rich-content rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
      // Pasted content is reduced to plain text (spec 2): no foreign styles or markup.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData('text/plain');
        if (text === undefined) return false;
        view.dispatch(view.state.tr.insertText(text));
        return true;
      },
      // A dropped picture goes inline only when it is small; bigger ones are refused (spec 1 §5).
      handleDrop: (view, event) => {
        const file = event.dataTransfer?.files?.[0];
        if (!file?.type.startsWith('image/')) return false;
        event.preventDefault();
        const reader = new FileReader();
        reader.onload = () => {
          const src = String(reader.result);
          const image = view.state.schema.nodes.image;
          if (src.length > INLINE_IMAGE_MAX) onProblem?.(t('content.editor.imageTooBig'));
          else if (image) view.dispatch(view.state.tr.replaceSelectionWith(image.create({ src })));
        };
        reader.readAsDataURL(file);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  // Headers default to level 3: the toolbar's H3 and the "### " shortcut both give it.
  return (
    <div className={`field rte${error ? ' rte-invalid' : ''}`}>
      <span id={`${id}-label`} className="rte-label">
        {label}
      </span>
      <div className="rte-box">
        {editor ? <Toolbar editor={editor} onAsk={setAsk} /> : null}
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {editor ? <UrlDialog ask={ask} onClose={() => setAsk(null)} editor={editor} onProblem={onProblem} /> : null}
    </div>
  );
}
