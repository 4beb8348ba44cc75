import { PAGING_LIMITS } from "@choir/contract";
import { apiRequest } from "./api-client";

/**
 * Every item of a paged list route (`?skip=&take=`), for screens that need the whole list (a select, a short
 * admin list): pages of the largest size, read one after another until a short one. Each request stays bounded.
 */
export async function fetchAllPages<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const take = PAGING_LIMITS.takeMax;
  const separator = path.includes("?") ? "&" : "?";
  const items: T[] = [];
  for (let skip = 0; ; skip += take) {
    const page = await apiRequest<T[]>(`${path}${separator}skip=${skip}&take=${take}`, { signal });
    items.push(...page);
    if (page.length < take) return items;
  }
}
