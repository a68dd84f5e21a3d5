import { ACHIEVEMENTS } from '@app/contract/constants';
import type { Achievement } from '@app/contract/schemas/networking-hub';
import { useTranslation } from 'react-i18next';
import './standing.css';

/** A badge's static picture (spec 1 §7: one SVG per achievement key). */
export const badgeSrc = (key: Achievement) => `/badges/${key}.svg`;

/**
 * Achievement badges (spec 3 §3): the held ones coloured; with `all`, the others too, grey. Each
 * is named (and, with `all`, says it is not held yet) for screen readers.
 */
export function BadgeIcons({ held, all = false, size = 20 }: { held: readonly Achievement[]; all?: boolean; size?: number }) {
  const { t } = useTranslation();
  const keys = all ? ACHIEVEMENTS : ACHIEVEMENTS.filter((k) => held.includes(k));
  if (keys.length === 0) return null;
  return (
    <span className="badge-icons">
      {keys.map((k) => {
        const has = held.includes(k);
        const name = t(`networking.badges.${k}`);
        // Named as a badge: beside a level of the same name ("Legend") a bare name would repeat it.
        const label = has ? t('networking.badges.held', { name }) : t('networking.badges.missing', { name });
        // No title: a tooltip repeating the alt is announced twice (Lighthouse image-redundant-alt).
        return (
          <img key={k} className={has ? 'badge-icon' : 'badge-icon missing'} src={badgeSrc(k)} width={size} height={size} alt={label} />
        );
      })}
    </span>
  );
}
