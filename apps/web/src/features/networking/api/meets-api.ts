import { MEET_ICS, type Meeting, networkingEndpoints } from '@app/contract/schemas/networking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, callApi } from '../../../lib/api.ts';
import { meetsKey, upsertMeeting } from './keys.ts';

/** My meetings, initiated and received (the server answers the newest few hundred). */
export const useMeets = () => useQuery({ queryKey: meetsKey, queryFn: async () => (await callApi(networkingEndpoints.list, {})).data });

export type MeetAction = 'accept' | 'reject' | 'cancel';

/** Accept, decline or cancel; the answer replaces the meeting in the list. */
export function useMeetAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: MeetAction }) =>
      (await callApi(networkingEndpoints[action], { params: { id } })).data,
    onSuccess: (m) => qc.setQueryData<Meeting[]>(meetsKey, (list) => upsertMeeting(list, m)),
  });
}

/** Downloads one meeting's calendar file (the access token goes in a header, so not a plain link). */
export async function downloadMeetingIcs(id: number) {
  const { data } = await api<string>(MEET_ICS.one(id), { silent: true });
  const url = URL.createObjectURL(new Blob([data], { type: 'text/calendar' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `meeting-${id}.ics`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
