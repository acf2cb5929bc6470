/** Spec 001 "Call board, base /callboard": its two pages (also in the header's user drop-down). */
export const CallboardPath = {
  versions: '/callboard/versions/record',
  personal: '/callboard/personal/information',
} as const;
