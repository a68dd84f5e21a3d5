import { fillPath } from '@app/contract/endpoint';
import {
  consoleMembersEndpoints as e,
  IMPORT_FIELD,
  type ImportPreview,
  type ImportResult,
  type InviteBody,
  MEMBERS_EXPORT_PATH,
  type MemberProfile,
  type MemberRow,
  type MembersQuery,
  type RolesBody,
} from '@app/contract/schemas/console-members';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

export type ListFilters = Pick<MembersQuery, 'q' | 'role' | 'status'> & { page: number };

const keys = {
  all: (appId: number) => ['console-members', appId] as const,
  list: (appId: number, f: ListFilters) => ['console-members', appId, 'list', f] as const,
  one: (appId: number, userId: number) => ['console-members', appId, 'one', userId] as const,
};

export const PER_PAGE = 25;

export function useMembers(appId: number, f: ListFilters) {
  return useQuery({
    queryKey: keys.list(appId, f),
    queryFn: ({ signal }) =>
      callApi(
        e.list,
        {
          params: { app_id: appId },
          query: {
            page: f.page,
            'per-page': PER_PAGE,
            ...(f.q ? { q: f.q } : {}),
            ...(f.role ? { role: f.role } : {}),
            ...(f.status ? { status: f.status } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMember(appId: number, userId: number | undefined) {
  return useQuery({
    queryKey: keys.one(appId, userId ?? 0),
    queryFn: ({ signal }) => callApi(e.get, { params: { app_id: appId, user_id: userId ?? 0 } }, { signal }).then((r) => r.data),
    enabled: userId !== undefined,
  });
}

/** After any change: the lists and the member's profile are read again. */
function useRefresh(appId: number) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all(appId) });
}

export function useInvite(appId: number) {
  const refresh = useRefresh(appId);
  return (body: InviteBody) =>
    callApi(e.invite, { params: { app_id: appId }, body }).then((r) => {
      void refresh();
      return r.data;
    });
}

export type MemberAction = 'block' | 'unblock' | 'resend' | 'revoke' | 'remove';

/** One action on a member; answers the updated row where the call gives one. */
export function useMemberAction(appId: number, userId: number) {
  const refresh = useRefresh(appId);
  return useMutation({
    mutationFn: async (action: MemberAction): Promise<MemberRow | undefined> => {
      const params = { app_id: appId, user_id: userId };
      switch (action) {
        case 'block':
          return (await callApi(e.block, { params })).data;
        case 'unblock':
          return (await callApi(e.unblock, { params })).data;
        case 'resend':
          await callApi(e.resendInvite, { params });
          return undefined;
        case 'revoke':
          await callApi(e.revokeInvite, { params });
          return undefined;
        case 'remove':
          await callApi(e.remove, { params });
          return undefined;
      }
    },
    onSettled: () => refresh(),
  });
}

export function useSetRoles(appId: number, userId: number) {
  const refresh = useRefresh(appId);
  return (body: RolesBody) =>
    callApi(e.roles, { params: { app_id: appId, user_id: userId }, body }).then((r) => {
      void refresh();
      return r.data;
    });
}

function fileForm(file: File) {
  const form = new FormData();
  form.append(IMPORT_FIELD, file, file.name);
  return form;
}

export function previewImport(appId: number, file: File) {
  return api<ImportPreview>(fillPath(e.importPreview.path, { app_id: appId }), { method: 'POST', body: fileForm(file) }).then(
    (r) => r.data,
  );
}

export function useImport(appId: number) {
  const refresh = useRefresh(appId);
  return (file: File) =>
    api<ImportResult>(fillPath(e.import.path, { app_id: appId }), { method: 'POST', body: fileForm(file) }).then((r) => {
      void refresh();
      return r.data;
    });
}

/** Downloads the members CSV: fetched with the console token, saved as a file. */
export function downloadExport(appId: number): Promise<void> {
  return downloadFile(fillPath(MEMBERS_EXPORT_PATH, { app_id: appId }), {}, 'members.csv');
}

export type { ImportPreview, MemberProfile, MemberRow };
