import '@app/contract/rich-content.css';

interface Props {
  /** HTML the server sanitised (lib/rich-text.ts on the server): the fixed vocabulary only. */
  html: string;
  className?: string;
}

/**
 * Rich content of spec 1 §2.5: paragraphs, headers 2–4, images with caption, border, background or
 * stretched, quotes, delimiters, tables, warnings, link cards and embeds. The HTML comes from our
 * server, which sanitised it on the way in (never render HTML from anywhere else with this).
 */
export function RichContent({ html, className }: Props) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server at write time (docs/decisions.md "Rich text").
  return <div className={`rich-content${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
