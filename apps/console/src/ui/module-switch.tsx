import type { ConsoleMenuModule } from '@app/contract/schemas/console-menu';
import { useTranslation } from 'react-i18next';
import { Card } from './bits.tsx';
import { Select } from './fields.tsx';

/**
 * Which of the app's modules an area manages: a choice when the app has several (two agendas, a
 * second catalog), nothing when it has one, and a pointer to the menu when it has none.
 */
export function ModuleSwitch({
  modules,
  chosen,
  onChoose,
}: {
  modules: readonly ConsoleMenuModule[];
  chosen: ConsoleMenuModule | undefined;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (!chosen) {
    return (
      <Card>
        <p>{t('console.modules.none')}</p>
      </Card>
    );
  }
  if (modules.length < 2) return null;
  return (
    <Select
      className="module-switch"
      label={t('console.modules.label')}
      value={String(chosen.id)}
      onChange={(e) => onChoose(Number(e.target.value))}
      options={modules.map((m) => ({ value: String(m.id), label: m.name }))}
    />
  );
}
