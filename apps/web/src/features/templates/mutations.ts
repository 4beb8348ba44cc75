import type { CreateTemplate, PlaylistTemplate, UpdateTemplate } from "@choir/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSessionToken } from "../../lib/session";
import { createTemplate, deleteTemplate, setDefaultTemplate, templateKeys, updateTemplate } from "./api";

/** After any template write every template list may be stale (a new default changes the others). */
function useTemplatesWritten() {
  const queryClient = useQueryClient();
  return async (template?: PlaylistTemplate) => {
    if (template) queryClient.setQueryData(templateKeys.detail(template.id), template);
    await queryClient.invalidateQueries({ queryKey: templateKeys.all });
  };
}

/** Creates a template; as the spec asks, the session token is refreshed first. */
export function useCreateTemplate() {
  const written = useTemplatesWritten();
  return useMutation({
    mutationFn: async (values: CreateTemplate) => {
      await refreshSessionToken();
      return createTemplate(values);
    },
    onSuccess: (template) => written(template),
  });
}

export function useUpdateTemplate(templateId: string) {
  const written = useTemplatesWritten();
  return useMutation({
    mutationFn: (values: UpdateTemplate) => updateTemplate(templateId, values),
    onSuccess: (template) => written(template),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: async (_, templateId) => {
      queryClient.removeQueries({ queryKey: templateKeys.detail(templateId) });
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}

export function useSetDefaultTemplate() {
  const written = useTemplatesWritten();
  return useMutation({ mutationFn: setDefaultTemplate, onSuccess: (template) => written(template) });
}
