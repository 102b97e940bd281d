/**
 * The owner statement on the wire (`GET /api/properties/:id/owner-statement`): the shape of
 * shared/owner-statement.ts `ownerStatement`, amounts in currency units, one section per currency.
 */
import { z } from 'zod';
import { MONTH_PATTERN } from '../dates';

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

export const StatementQuerySchema = z.object({
  month: z.string().regex(MONTH_PATTERN, 'must be a month YYYY-MM').describe('The month, YYYY-MM'),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'must be a language tag such as en-GB')
    .max(35)
    .refine(isLocale, 'must be a language tag such as en-GB')
    .optional()
    .describe("How amounts and dates are written in the PDF (the reader's language); en-US by default"),
});

const StaySchema = z.object({
  id: z.string(),
  guest_name: z.string(),
  booking_reference: z.string().nullish(),
  booking_source: z.string(),
  check_in_date: z.string(),
  check_out_date: z.string(),
  nights: z.number(),
  currency: z.string().nullish(),
  total_amount: z.number(),
  commission_amount: z.number(),
  net_amount: z.number(),
});

const CostSchema = z.object({
  id: z.string(),
  task_title: z.string(),
  task_category: z.string(),
  kind: z.enum(['housekeeping', 'maintenance']),
  day: z.string(),
  currency: z.string(),
  cost: z.number(),
});

export const OwnerStatementSchema = z.object({
  property: z.object({ id: z.string(), property_name: z.string(), currency: z.string() }),
  month: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  sections: z.array(
    z.object({
      currency: z.string(),
      stays: z.number(),
      nights: z.number(),
      gross: z.number(),
      commission: z.number(),
      net: z.number(),
      housekeeping: z.number(),
      maintenance: z.number(),
      payout: z.number(),
      bookings: z.array(StaySchema),
      costs: z.array(CostSchema),
    }),
  ),
});
export type OwnerStatementReply = z.infer<typeof OwnerStatementSchema>;
