import { fillPath } from '@app/contract/endpoint';
import {
  CATALOG_EXPORT_PATH,
  CATALOG_IMPORT_FIELD,
  CATALOG_TEMPLATE_PATH,
  type CatalogImportPreview,
  type CatalogImportResult,
  type CatalogItemBody,
  type ConsoleCatalogItem,
  consoleCatalogEndpoints as e,
} from '@app/contract/schemas/console-catalog';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

export const PER_PAGE = 25;

const keys = {
  all: (appId: number, moduleId: number) => ['console-catalog', appId, moduleId] as const,
  list: (appId: number, moduleId: number, q: string, page: number) => ['console-catalog', appId, moduleId, 'list', q, page] as const,
  one: (appId: number, moduleId: number, id: number) => ['console-catalog', appId, moduleId, 'one', id] as const,
  categories: (appId: number, moduleId: number) => ['console-catalog', appId, moduleId, 'categories'] as const,
};

export function useItems(appId: number, moduleId: number, q: string, page: number) {
  return useQuery({
    queryKey: keys.list(appId, moduleId, q, page),
    queryFn: ({ signal }) =>
      callApi(
        e.list,
        { params: { app_id: appId, app_module_id: moduleId }, query: { page, 'per-page': PER_PAGE, ...(q ? { q } : {}) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useItem(appId: number, moduleId: number, id: number | undefined) {
  return useQuery({
    queryKey: keys.one(appId, moduleId, id ?? 0),
    queryFn: ({ signal }) =>
      callApi(e.get, { params: { app_id: appId, app_module_id: moduleId, id: id ?? 0 } }, { signal }).then((r) => r.data),
    enabled: id !== undefined,
  });
}

export function useCategories(appId: number, moduleId: number) {
  return useQuery({
    queryKey: keys.categories(appId, moduleId),
    queryFn: ({ signal }) => callApi(e.categories, { params: { app_id: appId, app_module_id: moduleId } }, { signal }).then((r) => r.data),
  });
}

/** The writes; each reads the module's lists again afterwards. */
export function useCatalogWrites(appId: number, moduleId: number) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: keys.all(appId, moduleId) });
  const params = { app_id: appId, app_module_id: moduleId };
  return {
    save: async (id: number | undefined, body: CatalogItemBody): Promise<ConsoleCatalogItem> => {
      const r = id === undefined ? await callApi(e.create, { params, body }) : await callApi(e.update, { params: { ...params, id }, body });
      refresh();
      return r.data;
    },
    remove: async (id: number) => {
      await callApi(e.remove, { params: { ...params, id } });
      refresh();
    },
    preview: (file: File) =>
      api<CatalogImportPreview>(fillPath(e.importPreview.path, params), { method: 'POST', body: fileForm(file) }).then((r) => r.data),
    importFile: async (file: File) => {
      const r = await api<CatalogImportResult>(fillPath(e.import.path, params), { method: 'POST', body: fileForm(file) });
      refresh();
      return r.data;
    },
    exportCsv: () => downloadFile(fillPath(CATALOG_EXPORT_PATH, params), {}, 'catalog.csv'),
    template: () => downloadFile(fillPath(CATALOG_TEMPLATE_PATH, params), {}, 'catalog-template.csv'),
  };
}

function fileForm(file: File) {
  const form = new FormData();
  form.append(CATALOG_IMPORT_FIELD, file, file.name);
  return form;
}

export type { CatalogImportPreview, ConsoleCatalogItem };
