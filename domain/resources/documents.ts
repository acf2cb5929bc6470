import { ageOn } from '../idCard.js';
import type { ResourceDef } from '../resource.js';
import { HomecareScreens } from '../screens.js';
import { HomecareAuthority as HA, HOMECARE_WEB } from '../statuses/homecare.js';
import { TEMPLATE_DATA, templateDataResource } from './contract.js';
import { PROFILE } from './oldman.js';

/**
 * Documents (文书) come in two families that share one screen, one form and one set of server
 * hooks: the institution's, filled for elders with a profile, and home care's, filled for the
 * elders of the 居家档案 (spec 001 §2 "tempeleteDocument/:typeId" under /live and /homecare).
 */

/** templateType.isHome (docs/decisions.md "Form (report) templates"). */
export const TemplateFamily = { institution: 0, homecare: 1, form: 2 } as const;

export const HOME_TEMPLATE_DATA = `${HOMECARE_WEB}/templateData`;

/** A home-care document: the institution's definition on its own table, elder and authority. */
export const homeTemplateDataResource: ResourceDef = {
  ...templateDataResource,
  name: 'homeTemplateData',
  title: '居家文书',
  table: 'homeTemplateData',
  fields: templateDataResource.fields.map((f) => (f.name === 'oldmanId' ? { ...f, ref: 'homeOldman' } : f)),
  api: {
    list: HOME_TEMPLATE_DATA,
    create: HOME_TEMPLATE_DATA,
    update: `${HOME_TEMPLATE_DATA}/:id`,
    remove: `${HOME_TEMPLATE_DATA}/:id`,
  },
  authority: {
    view: HA.document,
    create: HA.documentAdd,
    update: HA.documentEdit,
    remove: HA.documentDelete,
  },
};

type Row = Record<string, unknown>;

export interface DocumentFamily {
  key: 'institution' | 'homecare';
  def: ResourceDef;
  /** The template families (templateType.isHome) its documents are filled from. */
  templateFamilies: readonly number[];
  /** The refusal of a template of another family. */
  wrongTemplate: string;
  /** The console route of its 文书管理 screen; a trailing /{typeId} chooses the type. */
  path: string;
  /** One elder of the family (GET, `:id`): what the preview fills the placeholders from. */
  elderDetail: string;
  /** The print view of one document (GET, `:dataId`). */
  printPath: string;
  /** The elder's row as placeholderValuesOf reads it (age, bed and stay where the family has them). */
  elderValues(row: Row, today: string): Row;
}

export const documentPrintUrl = (family: DocumentFamily, dataId: number) =>
  family.printPath.replace(':dataId', String(dataId));

export const institutionDocuments: DocumentFamily = {
  key: 'institution',
  def: templateDataResource,
  // Form (report) templates are filled on the institution's screen too.
  templateFamilies: [TemplateFamily.institution, TemplateFamily.form],
  wrongTemplate: '请选择机构文书模板，居家文书请在居家养老的文书管理中填写',
  path: '/live/tempeleteDocument',
  elderDetail: `${PROFILE}/:id`,
  printPath: `${TEMPLATE_DATA}/download/:dataId`,
  elderValues: (row) => row,
};

export const homecareDocuments: DocumentFamily = {
  key: 'homecare',
  def: homeTemplateDataResource,
  templateFamilies: [TemplateFamily.homecare],
  wrongTemplate: '请选择居家文书模板',
  path: HomecareScreens.tempeleteDocument,
  elderDetail: `${HOMECARE_WEB}/oldmanBase/:id`,
  printPath: `${HOME_TEMPLATE_DATA}/download/:dataId`,
  // A home elder has no bed or stay; the age is counted from the birth date on the day.
  elderValues: (row, today) => ({
    ...row,
    age: typeof row.birthday === 'string' && row.birthday ? ageOn(row.birthday, today) : '',
    bedName: '',
    checkInDate: '',
  }),
};
