/** Spec 001 §2 "Residence": the outing screens. */
export const OutingScreens = {
  register: '/live/Outing/register',
  audit: '/live/Outing/audit',
} as const;

/** 外出登记 showing one elder's outings (where an overdue reminder sends the user). */
export const outingRegisterOf = (oldmanId: number) => `${OutingScreens.register}?oldmanId=${oldmanId}`;
