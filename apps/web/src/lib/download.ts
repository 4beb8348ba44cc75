import { handleUnauthorized, NetworkError, parseErrorResponse } from "./api-client";
import { currentLanguage } from "./i18n";
import { authToken } from "./storage";

/** A name safe to save under: no folders, no characters file systems refuse. */
function safeFileName(name: string): string {
  return Array.from(name, (char) =>
    char < " " || char === "\u007f" || '/\\:*?"<>|'.includes(char) ? "-" : char,
  )
    .join("")
    .trim();
}

/** The file name a download's Content-Disposition gives: `filename*` (UTF-8) first, else `filename`, else `fallback`. */
export function dispositionFileName(disposition: string | null, fallback: string): string {
  const header = disposition ?? "";
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header);
  if (extended) {
    try {
      const name = safeFileName(decodeURIComponent(extended[1]!));
      if (name) return name;
    } catch {
      // Not valid percent-encoding: try the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header);
  return (plain ? safeFileName(plain[1]!) : "") || fallback;
}

/** Saves a blob under a file name through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns; let it live a little.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file the API answers (an export) with the signed-in user's token, and saves it under the name the
 * server gives. `accept` asks for one of a route's answers (a report as `text/csv`). Failures throw the API
 * client's errors (ApiError with the server's message, NetworkError).
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: { accept?: string } = {},
): Promise<string> {
  if (typeof navigator !== "undefined" && navigator.onLine === false) throw new NetworkError(undefined);
  const headers: Record<string, string> = { "Accept-Language": currentLanguage() };
  if (options.accept) headers.Accept = options.accept;
  const token = authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, credentials: "same-origin" });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const error = await parseErrorResponse(response);
    if (response.status === 401) handleUnauthorized();
    throw error;
  }
  const name = dispositionFileName(response.headers.get("Content-Disposition"), fallbackName);
  saveFile(await response.blob(), name);
  return name;
}
