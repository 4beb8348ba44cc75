import type {
  AcceptedInvitation,
  EmailInvitation,
  InvitationDetails,
  InvitationInviter,
} from "@choir/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { fetchAllPages } from "../../lib/paging";
import { currentUserKey } from "../../lib/session";
import { pendingInviteToken } from "../../lib/storage";

export const invitationKeys = {
  all: ["invitations"] as const,
  pending: () => [...invitationKeys.all, "pending"] as const,
  details: (token: string) => [...invitationKeys.all, "details", token] as const,
  inviter: (token: string) => [...invitationKeys.all, "inviter", token] as const,
};

// ── The signed-in user's pending e-mail invitations ────────────────────────────────────────────────────────

/** GET /api/invitations: invitations sent to the caller's e-mail that are still pending. */
export function fetchPendingInvitations(signal?: AbortSignal): Promise<EmailInvitation[]> {
  return fetchAllPages<EmailInvitation>("/invitations", signal);
}

export const pendingInvitationsQuery = () =>
  queryOptions({
    queryKey: invitationKeys.pending(),
    queryFn: ({ signal }) => fetchPendingInvitations(signal),
  });

export function usePendingInvitations() {
  return useQuery(pendingInvitationsQuery());
}

export function acceptEmailInvitation(invitationToken: string): Promise<AcceptedInvitation> {
  return apiRequest<AcceptedInvitation>("/invitations/accept", { method: "POST", body: { invitationToken } });
}

export function rejectEmailInvitation(invitationToken: string): Promise<void> {
  return apiRequest<void>("/invitations/reject", { method: "POST", body: { invitationToken } });
}

function useRemoveFromPending() {
  const queryClient = useQueryClient();
  return (invitationToken: string) =>
    queryClient.setQueryData<EmailInvitation[]>(invitationKeys.pending(), (list) =>
      list?.filter((invitation) => invitation.invitationToken !== invitationToken),
    );
}

/** Accepting refreshes the user (a new choir) and removes the invitation from the pending list. */
export function useAcceptEmailInvitation() {
  const queryClient = useQueryClient();
  const removeFromPending = useRemoveFromPending();
  return useMutation({
    mutationFn: acceptEmailInvitation,
    onSuccess: async (_accepted, invitationToken) => {
      removeFromPending(invitationToken);
      await queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/** Rejecting only removes the invitation from the pending list. */
export function useRejectEmailInvitation() {
  const removeFromPending = useRemoveFromPending();
  return useMutation({
    mutationFn: rejectEmailInvitation,
    onSuccess: (_nothing, invitationToken) => removeFromPending(invitationToken),
  });
}

// ── Links: /invite/{token}, for shareable links and e-mail invitations alike ──────────────────────────────────

/** GET /api/invitations/shareable/{token}; needs no sign-in. */
export function fetchInvitationDetails(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return apiRequest<InvitationDetails>(`/invitations/shareable/${encodeURIComponent(token)}`, {
    signal,
    skipUnauthorizedRule: true,
  });
}

export const invitationDetailsQuery = (token: string) =>
  queryOptions({
    queryKey: invitationKeys.details(token),
    queryFn: ({ signal }) => fetchInvitationDetails(token, signal),
    retry: false,
  });

export function useInvitationDetails(token: string | undefined) {
  return useQuery({ ...invitationDetailsQuery(token ?? ""), enabled: Boolean(token) });
}

/** GET /api/invitations/shareable/{token}/inviter: who sent the link, by name (or null); needs no sign-in. */
export function fetchInvitationInviter(token: string, signal?: AbortSignal): Promise<InvitationInviter> {
  return apiRequest<InvitationInviter>(`/invitations/shareable/${encodeURIComponent(token)}/inviter`, {
    signal,
    skipUnauthorizedRule: true,
  });
}

/** Who invites: the page waits for it alongside the details, and does without it when it fails. */
export function useInvitationInviter(token: string | undefined) {
  return useQuery({
    queryKey: invitationKeys.inviter(token ?? ""),
    queryFn: ({ signal }) => fetchInvitationInviter(token ?? "", signal),
    enabled: Boolean(token),
    retry: false,
  });
}

/** POST /api/invitations/shareable/accept with a link token (shareable or e-mail). */
export function acceptShareableInvitation(invitationToken: string): Promise<AcceptedInvitation> {
  return apiRequest<AcceptedInvitation>("/invitations/shareable/accept", {
    method: "POST",
    body: { invitationToken },
  });
}

/**
 * Accepts the invitation behind a link token for the signed-in user and forgets the stored token, whatever
 * the outcome: a token is used once. Rejects with the server's error when the invitation cannot be accepted.
 */
export async function acceptPendingInvite(token: string): Promise<AcceptedInvitation> {
  try {
    return await acceptShareableInvitation(token);
  } finally {
    pendingInviteToken.clear();
  }
}

/** Joining through a link: the stored token is cleared and the user (their choirs) refreshed. */
export function useAcceptInviteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptPendingInvite,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.pending() }),
      ]);
    },
  });
}
