import { z } from "zod";

/** The one error shape every route answers with. */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.array(z.string()).optional(),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBody>;
