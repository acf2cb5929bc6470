/**
 * Every machine module of machines/, imported statically: the server (its bundle cannot read a folder),
 * `npm run paths` and the tests list the same machines. A test fails when a machine file is missing here.
 */
import * as activityMachine from '../activityMachine.js';
import * as adverseEventMachine from '../adverseEventMachine.js';
import * as alarmMachine from '../alarmMachine.js';
import * as articleMachine from '../articleMachine.js';
import * as assessmentMachine from '../assessmentMachine.js';
import * as billMachine from '../billMachine.js';
import * as brokerConnectionMachine from '../brokerConnectionMachine.js';
import * as complaintMachine from '../complaintMachine.js';
import * as drugCustodyMachine from '../drugCustodyMachine.js';
import * as fenceEditorMachine from '../fenceEditorMachine.js';
import * as handoverMachine from '../handoverMachine.js';
import * as inspectionMachine from '../inspectionMachine.js';
import * as lendMachine from '../lendMachine.js';
import * as medicationDoseMachine from '../medicationDoseMachine.js';
import * as noticeMachine from '../noticeMachine.js';
import * as nursingPlanMachine from '../nursingPlanMachine.js';
import * as nursingTaskMachine from '../nursingTaskMachine.js';
import * as outingMachine from '../outingMachine.js';
import * as patrolTaskMachine from '../patrolTaskMachine.js';
import * as pushConnectionMachine from '../pushConnectionMachine.js';
import * as residenceMachine from '../residenceMachine.js';
import * as scanPayMachine from '../scanPayMachine.js';
import * as serviceOrderMachine from '../serviceOrderMachine.js';
import * as sessionMachine from '../sessionMachine.js';
import * as settleInMachine from '../settleInMachine.js';
import * as settlementMachine from '../settlementMachine.js';
import * as shiftMachine from '../shiftMachine.js';
import * as stockDocumentMachine from '../stockDocumentMachine.js';
import * as stocktakeMachine from '../stocktakeMachine.js';
import * as systemConfigMachine from '../systemConfigMachine.js';

/** Each machine file (as `machines/<file>`) with what it exports. */
export const machineModules: readonly (readonly [string, Record<string, unknown>])[] = [
  ['activityMachine.ts', activityMachine],
  ['adverseEventMachine.ts', adverseEventMachine],
  ['alarmMachine.ts', alarmMachine],
  ['articleMachine.ts', articleMachine],
  ['assessmentMachine.ts', assessmentMachine],
  ['billMachine.ts', billMachine],
  ['brokerConnectionMachine.ts', brokerConnectionMachine],
  ['complaintMachine.ts', complaintMachine],
  ['drugCustodyMachine.ts', drugCustodyMachine],
  ['fenceEditorMachine.ts', fenceEditorMachine],
  ['handoverMachine.ts', handoverMachine],
  ['inspectionMachine.ts', inspectionMachine],
  ['lendMachine.ts', lendMachine],
  ['medicationDoseMachine.ts', medicationDoseMachine],
  ['noticeMachine.ts', noticeMachine],
  ['nursingPlanMachine.ts', nursingPlanMachine],
  ['nursingTaskMachine.ts', nursingTaskMachine],
  ['outingMachine.ts', outingMachine],
  ['patrolTaskMachine.ts', patrolTaskMachine],
  ['pushConnectionMachine.ts', pushConnectionMachine],
  ['residenceMachine.ts', residenceMachine],
  ['scanPayMachine.ts', scanPayMachine],
  ['serviceOrderMachine.ts', serviceOrderMachine],
  ['sessionMachine.ts', sessionMachine],
  ['settleInMachine.ts', settleInMachine],
  ['settlementMachine.ts', settlementMachine],
  ['shiftMachine.ts', shiftMachine],
  ['stockDocumentMachine.ts', stockDocumentMachine],
  ['stocktakeMachine.ts', stocktakeMachine],
  ['systemConfigMachine.ts', systemConfigMachine],
];
