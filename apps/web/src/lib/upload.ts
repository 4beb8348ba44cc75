import { handleUnauthorized, NetworkError, OfflineError, parseErrorResponse } from "./api-client";
import { currentLanguage } from "./i18n";
import { authToken } from "./storage";

/**
 * POSTs a multipart form to the API (`path` without the `/api` prefix) through XMLHttpRequest, so the upload's
 * progress can be shown (`onProgress` gets 0–1). Answers the JSON body; fails with the server's message as an
 * ApiError, like apiRequest, and at once with OfflineError when the browser knows it is offline.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress?: (part: number) => void): Promise<T> {
  if (typeof navigator !== "undefined" && navigator.onLine === false)
    return Promise.reject(new OfflineError());
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api${path}`);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Accept-Language", currentLanguage());
    const token = authToken.get();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const response = new Response(request.status === 204 ? null : request.responseText, {
        status: request.status,
        statusText: request.statusText,
        headers: { "Content-Type": request.getResponseHeader("Content-Type") ?? "application/json" },
      });
      if (request.status >= 200 && request.status < 300) {
        response.json().then(resolve, reject);
        return;
      }
      void parseErrorResponse(response).then((error) => {
        if (request.status === 401) handleUnauthorized();
        reject(error);
      });
    });
    request.addEventListener("error", () => reject(new NetworkError(new Error("upload failed"))));
    request.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
    request.send(form);
  });
}
