/** The console side of the resource engine: generic list, form and detail over a ResourceDef. */
export type { Row } from './format.js';
export { ResourceDetail, type ResourceDetailProps } from './ResourceDetail.js';
export { ResourceForm, type ResourceFormProps, type SavedResource } from './ResourceForm.js';
export { ResourceList, type ResourceListProps } from './ResourceList.js';
export { confirmQuestion, rowName } from './recordName.js';
export { rowButton, workflowButton } from './rowButton.js';
export { sectionFields } from './sections.js';
export { type ResourceAuthority, useResourceAuthority } from './useResourceAuthority.js';
