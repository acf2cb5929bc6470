import { homecareDocuments } from '../../domain/resources/documents.js';
import { DocumentList } from '../live/contract/DocumentList.js';

/**
 * 文书管理 of home care (/homecare/tempeleteDocument/{typeId}): the institution's document screen
 * for the elders of the 居家档案 and the home-care templates (docs/decisions.md "Home care").
 */
export function HomeDocuments() {
  return <DocumentList family={homecareDocuments} />;
}
