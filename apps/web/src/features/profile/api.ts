import type { CurrentUser, UpdateMe } from "@choir/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { currentUserKey } from "../../lib/session";

export function updateMe(values: UpdateMe): Promise<CurrentUser> {
  return apiRequest<CurrentUser>("/me", { method: "PATCH", body: values });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}
