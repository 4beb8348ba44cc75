import type { CompleteOnboarding, CurrentUser } from "@choir/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { currentUserKey } from "../../lib/session";

export type UsageType = "admin" | "general";

export function completeOnboarding(userType: UsageType): Promise<CurrentUser> {
  const body: CompleteOnboarding = { userType };
  return apiRequest<CurrentUser>("/auth/complete-onboarding", { method: "POST", body });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (user) => {
      if (user && typeof user === "object" && "id" in user) queryClient.setQueryData(currentUserKey, user);
      else void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
}

/** Where onboarding leads when no invitation is waiting. */
export function destinationAfterOnboarding(userType: UsageType): string {
  return userType === "admin" ? "/create-choir" : "/dashboard";
}
