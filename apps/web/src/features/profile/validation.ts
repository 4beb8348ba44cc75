import { UpdateMe } from "@choir/contract";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Validates the name form with the contract's schema and words each problem in the user's language. */
export function validateName(values: UpdateMe, t: Translate): Partial<Record<keyof UpdateMe, string>> {
  const result = UpdateMe.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof UpdateMe, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof UpdateMe | undefined;
    if (!field || errors[field]) continue;
    if (issue.code === "too_small") errors[field] = t("validation.required");
    else if (issue.code === "too_big")
      errors[field] = t("validation.maxLength", { max: Number(issue.maximum) });
    else errors[field] = t("errors.validation");
  }
  return errors;
}
