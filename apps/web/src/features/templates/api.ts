import type { CreateTemplate, PlaylistTemplate, UpdateTemplate } from "@choir/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { fetchAllPages } from "../../lib/paging";

export const templateKeys = {
  all: ["templates"] as const,
  choir: (choirId: string) => [...templateKeys.all, "choir", choirId] as const,
  detail: (templateId: string) => [...templateKeys.all, "detail", templateId] as const,
};

const templatePath = (templateId: string) => `/playlist-templates/${encodeURIComponent(templateId)}`;

/** A choir's templates: the choir's own and the built-in ones (all pages: selects offer every one). */
export function fetchChoirTemplates(choirId: string, signal?: AbortSignal): Promise<PlaylistTemplate[]> {
  return fetchAllPages<PlaylistTemplate>(`/choirs/${encodeURIComponent(choirId)}/playlist-templates`, signal);
}

export const choirTemplatesQuery = (choirId: string) =>
  queryOptions({
    queryKey: templateKeys.choir(choirId),
    queryFn: ({ signal }) => fetchChoirTemplates(choirId, signal),
  });

export function useChoirTemplates(choirId: string | undefined) {
  return useQuery({ ...choirTemplatesQuery(choirId ?? ""), enabled: Boolean(choirId) });
}

export function fetchTemplate(templateId: string, signal?: AbortSignal): Promise<PlaylistTemplate> {
  return apiRequest<PlaylistTemplate>(templatePath(templateId), { signal });
}

export const templateQuery = (templateId: string) =>
  queryOptions({
    queryKey: templateKeys.detail(templateId),
    queryFn: ({ signal }) => fetchTemplate(templateId, signal),
  });

export function useTemplate(templateId: string | undefined) {
  return useQuery({ ...templateQuery(templateId ?? ""), enabled: Boolean(templateId) });
}

export function createTemplate(values: CreateTemplate): Promise<PlaylistTemplate> {
  return apiRequest<PlaylistTemplate>("/playlist-templates", { method: "POST", body: values });
}

export function updateTemplate(templateId: string, values: UpdateTemplate): Promise<PlaylistTemplate> {
  return apiRequest<PlaylistTemplate>(templatePath(templateId), { method: "PUT", body: values });
}

export function deleteTemplate(templateId: string): Promise<void> {
  return apiRequest<void>(templatePath(templateId), { method: "DELETE" });
}

export function setDefaultTemplate(templateId: string): Promise<PlaylistTemplate> {
  return apiRequest<PlaylistTemplate>(`${templatePath(templateId)}/set-default`, {
    method: "PUT",
    body: { isDefault: true },
  });
}
