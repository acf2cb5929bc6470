import type { z } from 'zod';
import { escapeHtml as e } from '../../../domain/resources/contract.js';
import { signatureLines } from '../../../server/http/printPage.js';
import type { gradeResult } from '../api/assessment.js';
import type { Scale } from '../scales/types.js';
import type { AssessmentRow } from './assessmentRecords.js';

type Names = {
  oldmanName: string;
  causeName: string | null;
  gradeName: string | null;
  levelName: string | null;
};

/**
 * The printed assessment: the facts, each item with the chosen option, the sections, the grade,
 * the 评估意见 and the lines the assessor and the elder or family sign and date.
 */
export function assessmentPrintBody(
  scale: Scale,
  row: AssessmentRow,
  names: Names,
  grade: z.output<typeof gradeResult> | null,
): string {
  const answers = JSON.parse(row.answers ?? '{}') as Record<string, number>;
  const facts = [
    ['长者', names.oldmanName],
    ['评估标准', scale.standard],
    ['评估原因', names.causeName ?? ''],
    ['评估日期', row.assessDate],
    ['评估员', row.assessUserName ?? ''],
    ['提交时间', row.submitTime ?? ''],
  ];
  const sections = scale.sections
    .map((s) => {
      const items = s.items
        .map((i) => {
          const chosen = i.options.find((o) => o.value === answers[i.code]);
          return `<tr><th>${e(i.code)} ${e(i.name)}</th><td>${chosen ? `${s.scored ? `${chosen.value}分 ` : ''}${e(chosen.label)}` : '未评'}</td></tr>`;
        })
        .join('');
      const result = grade?.sections.find((r) => r.code === s.code);
      const sum = result
        ? `（${result.score}分${result.level === undefined ? '' : `，${result.level}级`}）`
        : '';
      return `<h3>${e(s.code)} ${e(s.name)}${sum}</h3><table class="form-values">${items}</table>`;
    })
    .join('');
  const level = (code: number | undefined) => scale.levels.find((l) => l.code === code)?.name ?? '';
  const conclusion = grade
    ? `<h3>评估结论</h3><table class="form-values">
<tr><th>总分</th><td>${grade.total}</td></tr>
<tr><th>初步等级</th><td>${e(level(grade.preliminary))}</td></tr>
<tr><th>等级变更依据</th><td>${grade.reasons.map(e).join('；') || '无'}</td></tr>
<tr><th>最终等级</th><td>${e(names.gradeName ?? level(grade.final))}</td></tr>
<tr><th>建议护理等级</th><td>${e(names.levelName ?? '')}</td></tr></table>`
    : '';
  // 评估意见 as written (修改 of a draft), else ruled space for the assessor to write it by hand
  const opinion = `<h3>评估意见</h3><div class="opinion">${e(row.remark ?? '')}</div>`;
  const signatures = signatureLines(['评估员（签字）', '长者/家属（签字）', '日期']);
  return `<h1>${e(scale.name)}</h1><table class="form-values">${facts
    .map(([k, v]) => `<tr><th>${e(k ?? '')}</th><td>${e(v ?? '')}</td></tr>`)
    .join('')}</table>${sections}${conclusion}${opinion}${signatures}`;
}
