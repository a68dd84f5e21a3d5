import { useTranslation } from 'react-i18next';
import './standing.css';

/** The networking level as five dots (spec 3 §3): red at 1, orange at 2, green above; named for screen readers. */
export function LevelDots({ level }: { level: number }) {
  const { t } = useTranslation();
  const tone = level <= 1 ? 'low' : level === 2 ? 'mid' : 'high';
  const label = t('networking.level.label', { level, name: t(`networking.level.names.${level}`) });
  return (
    <span className={`level-dots level-${tone}`} role="img" aria-label={label} title={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= level ? 'level-dot on' : 'level-dot'} />
      ))}
    </span>
  );
}
