/** The prefixes the consultation and visit resources (resources/consult.ts) serve under. */
/** Spec 001 §7 "Consultations": every call lives under this prefix. */
export const CONSULT_BASE = '/pims/web-org/consultations';
export const INTERVIEWER_BASE = `${CONSULT_BASE}/interviewer`;
/** Spec 001 §7 "Outings and visits". */
export const VISIT_BASE = '/pims/web-org/visit';
