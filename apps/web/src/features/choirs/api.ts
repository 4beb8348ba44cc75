import type {
  ChangeMemberRole,
  Choir,
  ChoirMember,
  ChoirRole,
  CreateChoir,
  CreateShareableInvitation,
  EmailInvitation,
  SentInvitation,
  SetVoicePart,
  ShareableInvitation,
  UpdateChoir,
} from "@choir/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../lib/api-client";
import { fetchAllPages } from "../../lib/paging";
import { currentUserKey } from "../../lib/session";

export const choirKeys = {
  all: ["choirs"] as const,
  detail: (choirId: string) => [...choirKeys.all, choirId] as const,
  invitations: (choirId: string) => [...choirKeys.all, choirId, "invitations"] as const,
  links: (choirId: string) => [...choirKeys.all, choirId, "links"] as const,
};

const choirPath = (choirId: string) => `/choirs/${encodeURIComponent(choirId)}`;

// ── Choir ──────────────────────────────────────────────────────────────────────────────────────────────────

export function fetchChoir(choirId: string, signal?: AbortSignal): Promise<Choir> {
  return apiRequest<Choir>(choirPath(choirId), { signal });
}

export const choirQuery = (choirId: string) =>
  queryOptions({ queryKey: choirKeys.detail(choirId), queryFn: ({ signal }) => fetchChoir(choirId, signal) });

export function useChoir(choirId: string) {
  return useQuery(choirQuery(choirId));
}

export function createChoir(values: CreateChoir): Promise<Choir> {
  return apiRequest<Choir>("/choirs", { method: "POST", body: values });
}

/** The creator becomes the choir's administrator, so the user (their choirs) is refreshed. */
export function useCreateChoir() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChoir,
    onSuccess: async (choir) => {
      queryClient.setQueryData(choirKeys.detail(choir.id), choir);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export function updateChoir(choirId: string, values: UpdateChoir): Promise<Choir> {
  return apiRequest<Choir>(choirPath(choirId), { method: "PUT", body: values });
}

/** Renaming shows in the user's choir list too. */
export function useUpdateChoir(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateChoir) => updateChoir(choirId, values),
    onSuccess: async (choir) => {
      queryClient.setQueryData(choirKeys.detail(choirId), choir);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

export function deleteChoir(choirId: string): Promise<void> {
  return apiRequest<void>(choirPath(choirId), { method: "DELETE" });
}

export function useDeleteChoir(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteChoir(choirId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: choirKeys.detail(choirId) });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

// ── Members ────────────────────────────────────────────────────────────────────────────────────────────────

export function removeMember(choirId: string, memberId: string): Promise<void> {
  return apiRequest<void>(`${choirPath(choirId)}/members/${encodeURIComponent(memberId)}`, {
    method: "DELETE",
  });
}

export function changeMemberRole(choirId: string, memberId: string, role: ChoirRole): Promise<unknown> {
  const body: ChangeMemberRole = { role };
  return apiRequest<unknown>(`${choirPath(choirId)}/members/${encodeURIComponent(memberId)}/role`, {
    method: "PUT",
    body,
  });
}

export function setVoicePart(
  choirId: string,
  memberId: string,
  voicePart: string | null,
): Promise<ChoirMember> {
  const body: SetVoicePart = { voicePart };
  return apiRequest<ChoirMember>(`${choirPath(choirId)}/members/${encodeURIComponent(memberId)}/voice-part`, {
    method: "PUT",
    body,
  });
}

export function leaveChoir(choirId: string): Promise<void> {
  return apiRequest<void>(`${choirPath(choirId)}/members/me`, { method: "DELETE" });
}

/** Member changes re-read the choir, and the user, whose own role may be the one that changed. */
function useRefreshChoirAndUser(choirId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: choirKeys.detail(choirId), exact: true }),
      queryClient.invalidateQueries({ queryKey: currentUserKey }),
    ]);
}

export function useRemoveMember(choirId: string) {
  const refresh = useRefreshChoirAndUser(choirId);
  return useMutation({
    mutationFn: (memberId: string) => removeMember(choirId, memberId),
    onSuccess: refresh,
  });
}

export function useChangeMemberRole(choirId: string) {
  const refresh = useRefreshChoirAndUser(choirId);
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: ChoirRole }) =>
      changeMemberRole(choirId, memberId, role),
    onSuccess: refresh,
  });
}

/** Sets a member's voice part; the choir and the user (whose own part may be the one that changed) are read again. */
export function useSetVoicePart(choirId: string) {
  const refresh = useRefreshChoirAndUser(choirId);
  return useMutation({
    mutationFn: ({ memberId, voicePart }: { memberId: string; voicePart: string | null }) =>
      setVoicePart(choirId, memberId, voicePart),
    onSuccess: refresh,
  });
}

export function useLeaveChoir(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveChoir(choirId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: choirKeys.detail(choirId) });
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

// ── E-mail invitations of a choir (administrators) ──────────────────────────────────────────────────────────

export function inviteByEmail(choirId: string, email: string): Promise<SentInvitation> {
  return apiRequest<SentInvitation>(`${choirPath(choirId)}/invitations`, { method: "POST", body: { email } });
}

export function useInviteByEmail(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteByEmail(choirId, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: choirKeys.invitations(choirId) }),
  });
}

/** Only administrators may list a choir's invitations; for anyone else (403) the list is empty. */
export async function fetchChoirInvitations(
  choirId: string,
  signal?: AbortSignal,
): Promise<EmailInvitation[]> {
  try {
    return await fetchAllPages<EmailInvitation>(`${choirPath(choirId)}/invitations`, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return [];
    throw error;
  }
}

export const choirInvitationsQuery = (choirId: string) =>
  queryOptions({
    queryKey: choirKeys.invitations(choirId),
    queryFn: ({ signal }) => fetchChoirInvitations(choirId, signal),
  });

export function useChoirInvitations(choirId: string, enabled: boolean) {
  return useQuery({ ...choirInvitationsQuery(choirId), enabled });
}

/** DELETE /api/choirs/{id}/invitations/{token}: a pending invitation revoked, its link no longer works. */
export function revokeInvitation(choirId: string, invitationToken: string): Promise<void> {
  return apiRequest<void>(`${choirPath(choirId)}/invitations/${encodeURIComponent(invitationToken)}`, {
    method: "DELETE",
  });
}

export function useRevokeInvitation(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationToken: string) => revokeInvitation(choirId, invitationToken),
    onSuccess: (_nothing, invitationToken) =>
      queryClient.setQueryData<EmailInvitation[]>(choirKeys.invitations(choirId), (list) =>
        list?.filter((invitation) => invitation.invitationToken !== invitationToken),
      ),
    // Answered meanwhile (409), or gone: the list is read again either way.
    onError: () => queryClient.invalidateQueries({ queryKey: choirKeys.invitations(choirId) }),
  });
}

// ── Shareable links (administrators) ─────────────────────────────────────────────────────────────────────────

export function fetchShareableLinks(choirId: string, signal?: AbortSignal): Promise<ShareableInvitation[]> {
  return fetchAllPages<ShareableInvitation>(
    `/invitations/shareable/choir/${encodeURIComponent(choirId)}`,
    signal,
  );
}

export const shareableLinksQuery = (choirId: string) =>
  queryOptions({
    queryKey: choirKeys.links(choirId),
    queryFn: ({ signal }) => fetchShareableLinks(choirId, signal),
  });

export function useShareableLinks(choirId: string, enabled: boolean) {
  return useQuery({ ...shareableLinksQuery(choirId), enabled });
}

export function createShareableLink(body: CreateShareableInvitation): Promise<ShareableInvitation> {
  return apiRequest<ShareableInvitation>("/invitations/shareable", { method: "POST", body });
}

/** `maxUses` is sent only when it is greater than 0. */
export function shareableLinkBody(choirId: string, maxUses: number | string | null | undefined) {
  const uses = typeof maxUses === "string" ? Number.parseInt(maxUses, 10) : maxUses;
  const body: CreateShareableInvitation = { choirId };
  if (typeof uses === "number" && Number.isFinite(uses) && uses > 0) body.maxUses = uses;
  return body;
}

export function useCreateShareableLink(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maxUses: number | string | null | undefined) =>
      createShareableLink(shareableLinkBody(choirId, maxUses)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: choirKeys.links(choirId) }),
  });
}

export function deactivateShareableLink(invitationId: string): Promise<ShareableInvitation> {
  return apiRequest<ShareableInvitation>(
    `/invitations/shareable/${encodeURIComponent(invitationId)}/deactivate`,
    { method: "POST" },
  );
}

export function useDeactivateShareableLink(choirId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateShareableLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: choirKeys.links(choirId) }),
  });
}
