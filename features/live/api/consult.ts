import { z } from 'zod';
import { idCardMessage } from '../../../domain/idCard.js';
import { bodySchema, rowSchema } from '../../../domain/resource.js';
import {
  type ConsultSection,
  consultationResource,
  consultSectionFields,
  consultSectionPath,
} from '../resources/consult.js';
import { CONSULT_BASE } from './paths.js';

/**
 * The consultation calls beyond its CRUD (spec 001 §7 "Consultations"): the ID-card check, one
 * section at a time, a consultation about a known elder, and turning one into a profile.
 */
export const ConsultPaths = {
  check: `${CONSULT_BASE}/check/:idcard`,
  /** GET and PUT one section (`:id` the consultationId). */
  section: consultSectionPath,
  /** POST: a consultation about the elder `:id` who already has a profile. */
  forElder: `${CONSULT_BASE}/:id`,
  /** GET: the profile a consultation becomes (or became). */
  profile: `${CONSULT_BASE}/:id/proFile`,
  /** POST: the consultation becomes a profile (status 待入住). */
  archives: `${CONSULT_BASE}/:id/archives`,
} as const;

const id = z.number().int();

/** check/{idcard}: a valid ID-card number, upper-cased, else the number's own problem. */
export const idCardCheckParams = z.object({
  idcard: z
    .string()
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = idCardMessage(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
/** What GET check/{idcard} answers (spec 001 §5: the ID-card check before a consultation). */
export const idCardCheck = z.object({
  /** The elder profile with this ID card in the organisation. */
  oldman: z.object({ oldmanId: id, oldmanName: z.string(), oldmanStatus: id.nullable() }).nullable(),
  /** Consultations with this ID card still being followed up (跟进中). */
  consultations: z.array(
    z.object({ consultationId: id, oldmanName: z.string(), consultStatus: id, consultDate: z.string() }),
  ),
  /** Nothing found: the number is free to register. */
  free: z.boolean(),
  /** The warning the console shows, '' when free. */
  message: z.string(),
});
export type IdCardCheck = z.infer<typeof idCardCheck>;

/** A consultation, or one section of it, with the names of its refs. */
export const consultationRow = rowSchema(consultationResource);
export const consultationSaved = z.object({ consultationId: id });

/** PUT {id}/{section}: that section's fields (the consultation is named in the path). */
export const sectionBody = (section: ConsultSection) =>
  bodySchema(consultationResource, 'update', consultSectionFields(section)).omit({ consultationId: true });

/** POST {oldmanId}: a consultation about a known elder; the elder's part comes from the profile. */
export const forElderBody = bodySchema(consultationResource, 'create', [
  ...consultSectionFields('consultant'),
  ...consultSectionFields('extra'),
  ...consultSectionFields('health'),
]);

/** GET {id}/proFile: the draft profile (oldmanId null), or the profile it became. */
export const consultProfile = z.looseObject({
  consultationId: id,
  oldmanId: id.nullable(),
  oldmanName: z.string(),
});
/** POST {id}/archives: profile fields that replace the draft's (the form's edits). */
export const archivesBody = z.record(z.string(), z.unknown());
export const archived = z.object({ oldmanId: id, consultationId: id });
