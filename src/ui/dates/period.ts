/** The periods a report offers in one click (告警响应统计, 营销人员); 自定义 is any two days typed or picked. */
export const periodKinds = ['today', 'week', 'month', 'lastMonth', 'custom'] as const;
export type PeriodKind = (typeof periodKinds)[number];
export const periodKindName: Record<PeriodKind, string> = {
  today: '今天',
  week: '近7天',
  month: '本月',
  lastMonth: '上月',
  custom: '自定义',
};

export interface Period {
  kind: PeriodKind;
  fromDate: string;
  toDate: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The days of a one-click period as of `today` ('YYYY-MM-DD'); 自定义 keeps `current`'s days. */
export function periodOf(kind: PeriodKind, today: string, current?: Period): Period {
  const [y = 1970, m = 1, d = 1] = today.split('-').map(Number);
  switch (kind) {
    case 'today':
      return { kind, fromDate: today, toDate: today };
    case 'week':
      return { kind, fromDate: dayOf(new Date(y, m - 1, d - 6)), toDate: today };
    case 'month':
      return { kind, fromDate: `${y}-${pad(m)}-01`, toDate: today };
    case 'lastMonth':
      // day 0 of this month is the last day of the one before
      return { kind, fromDate: dayOf(new Date(y, m - 2, 1)), toDate: dayOf(new Date(y, m - 1, 0)) };
    case 'custom':
      return { kind, fromDate: current?.fromDate ?? today, toDate: current?.toDate ?? today };
  }
}
