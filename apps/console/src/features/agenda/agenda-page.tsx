import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useChosenModule } from '../../lib/app-modules.ts';
import { loadNamespaces } from '../../lib/i18n.ts';
import { PageHeader } from '../../ui/bits.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { ModuleSwitch } from '../../ui/module-switch.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useGrid, usePublish } from './agenda-api.ts';
import { AgendaGridView } from './agenda-grid.tsx';
import { RoomsTab, SpeakersTab, TracksTab } from './agenda-lists.tsx';
import { SessionsTab } from './agenda-sessions.tsx';
import './agenda.css';

export const NS = 'console-agenda';

// The area's texts arrive with its chunk (in the console's language and English).
await loadNamespaces([NS]);

const TABS = ['grid', 'sessions', 'tracks', 'rooms', 'speakers'] as const;
type TabId = (typeof TABS)[number];

/**
 * One agenda module of the app (`?module=<id>` when it has several): the grid by day and room,
 * sessions, tracks, rooms and speakers (`?tab=`), and publishing the drafts.
 */
export default function AgendaPage() {
  const { t } = useTranslation();
  const appId = Number(useParams().appId) || 0;
  const { menu, modules, chosen, choose } = useChosenModule(appId, ['agenda']);
  if (!appId) return null;
  return (
    <>
      <PageHeader title={t(`${NS}.title`)} actions={chosen && <PublishButton appId={appId} moduleId={chosen.id} />}>
        <p>{t(`${NS}.intro`)}</p>
      </PageHeader>
      {menu.isError ? (
        <LoadError error={menu.error} onRetry={() => void menu.refetch()} />
      ) : (
        menu.data && <ModuleSwitch modules={modules} chosen={chosen} onChoose={choose} />
      )}
      {chosen && <AgendaTabs key={chosen.id} appId={appId} moduleId={chosen.id} />}
    </>
  );
}

function AgendaTabs({ appId, moduleId }: { appId: number; moduleId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabId | null;
  const tab: TabId = asked && TABS.includes(asked) ? asked : 'grid';
  const grid = useGrid(appId, moduleId);
  const select = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('tab', id);
    setParams(next, { replace: true });
  };
  return (
    <Tabs tabs={TABS.map((id) => ({ id, label: t(`${NS}.tabs.${id}`) }))} selected={tab} onSelect={select} label={t(`${NS}.tabs.label`)}>
      {grid.isError ? (
        <LoadError error={grid.error} onRetry={() => void grid.refetch()} />
      ) : !grid.data ? (
        <p className="muted" aria-busy="true">
          {t(`${NS}.loading`)}
        </p>
      ) : tab === 'grid' ? (
        <AgendaGridView appId={appId} moduleId={moduleId} grid={grid.data} />
      ) : tab === 'sessions' ? (
        <SessionsTab appId={appId} moduleId={moduleId} grid={grid.data} />
      ) : tab === 'tracks' ? (
        <TracksTab appId={appId} moduleId={moduleId} grid={grid.data} />
      ) : tab === 'rooms' ? (
        <RoomsTab appId={appId} moduleId={moduleId} grid={grid.data} />
      ) : (
        <SpeakersTab appId={appId} moduleId={moduleId} />
      )}
    </Tabs>
  );
}

function PublishButton({ appId, moduleId }: { appId: number; moduleId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const grid = useGrid(appId, moduleId);
  const publish = usePublish(appId, moduleId);
  const [asking, setAsking] = useState(false);
  const drafts = grid.data?.drafts_count ?? 0;
  return (
    <>
      <Button variant="primary" disabled={drafts === 0} onClick={() => setAsking(true)}>
        {t(`${NS}.publish.button`, { count: drafts })}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t(`${NS}.publish.title`)}
        confirmLabel={t(`${NS}.publish.confirm`, { count: drafts })}
        busy={publish.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          publish.mutate(undefined, {
            onSuccess: (r) => {
              setAsking(false);
              toast(t(`${NS}.publish.done`, { count: r.published }));
            },
            onError: () => {
              setAsking(false);
              toast(t(`${NS}.saveFailed`), 'error');
            },
          })
        }
      >
        <p>{t(`${NS}.publish.body`, { count: drafts })}</p>
      </ConfirmDialog>
    </>
  );
}
