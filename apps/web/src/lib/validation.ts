type Translate = (key: string, options?: Record<string, unknown>) => string;

interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  maximum?: unknown;
}

/** What this helper needs of a zod schema (kept structural so the web app does not import zod itself). */
export interface ParsingSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: SchemaIssue[] } };
}

/** Catalogue keys that replace the generic text for a field and an issue kind. */
export type FieldMessages<Field extends string> = Partial<
  Record<Field, Partial<Record<"required" | "tooLong" | "format", string>>>
>;

/**
 * Validates form values with a contract schema and words each problem in the user's language, so the browser
 * rejects the same input as the server with the same limits. Returns Mantine form errors (first problem per field).
 */
export function validateWithSchema<Field extends string>(
  schema: ParsingSchema,
  values: Record<Field, unknown>,
  t: Translate,
  messages: FieldMessages<Field> = {},
): Partial<Record<Field, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field === undefined || errors[field]) continue;
    const own = messages[field] ?? {};
    if (issue.code === "too_small") errors[field] = own.required ? t(own.required) : t("validation.required");
    else if (issue.code === "too_big")
      errors[field] = own.tooLong
        ? t(own.tooLong, { max: Number(issue.maximum) })
        : t("validation.maxLength", { max: Number(issue.maximum) });
    else if (issue.code === "invalid_format")
      errors[field] = own.format ? t(own.format) : t("errors.validation");
    else errors[field] = t("errors.validation");
  }
  return errors;
}
