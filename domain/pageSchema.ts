import { z } from 'zod';

/** A page of a list answer (docs/architecture.md, "API conventions"). */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    /** Totals of the definition's `sums` over every row the filters select. */
    sums: z.record(z.string(), z.number()).optional(),
  });
