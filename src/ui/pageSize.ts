/** Spec 000 §9: 10 rows a page on screens up to 1280 px wide, otherwise 20. */
export const defaultPageSize = (width = typeof window === 'undefined' ? 1920 : window.innerWidth) =>
  width <= 1280 ? 10 : 20;
