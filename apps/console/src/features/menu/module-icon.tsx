import { MENU_ICON_PATHS } from './menu-icon-paths.ts';

/** A menu entry's icon as the attendee app draws it; decorative (its name is said next to it). */
export function ModuleIcon({ name, size = 22 }: { name: string; size?: number }) {
  const d = MENU_ICON_PATHS[name] ?? MENU_ICON_PATHS.freeform;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
