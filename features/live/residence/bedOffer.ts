import { dictLabel } from '../../../domain/dictionaries.js';
import { formatYuan } from '../../../domain/resource.js';
import type { BedInfo } from '../api/residence.js';

/** 护理型床位 · ¥2,800.00/月: what a person choosing a free bed weighs (the map and the bed picker). */
export function bedOffer(bed: Pick<BedInfo, 'bedType' | 'monthlyPrice'>): string {
  const type = bed.bedType === null ? null : dictLabel('bedType', bed.bedType);
  const price = bed.monthlyPrice === null ? null : `¥${formatYuan(bed.monthlyPrice)}/月`;
  return [type, price].filter(Boolean).join(' · ');
}
