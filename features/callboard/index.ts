import { type ViewLoaders, view } from '../../src/router/views.js';

export const callboardViews: ViewLoaders = {
  'callboard.VersionRecords': view(() => import('./VersionRecords.js'), 'VersionRecords'),
  'callboard.PersonalInformation': view(() => import('./PersonalInformation.js'), 'PersonalInformation'),
};
